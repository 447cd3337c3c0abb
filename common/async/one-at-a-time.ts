/**
 * Runs async sections one after another, in the order they were asked for: a section starts once the one
 * before it has ended (fulfilled or not), so state read at its start cannot be changed by another section
 * before it has acted on it.
 */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(section: () => Promise<T>): Promise<T> {
    const result = this.last.then(section);
    // The next section waits for this one's end, not for its success.
    this.last = result.catch(() => undefined);
    return result;
  }
}
