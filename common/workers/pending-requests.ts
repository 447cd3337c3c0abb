/**
 * Requests a side has sent and awaits answers to, by id: answers may come in any order (a worker serving several
 * at once), each settles its own request, and a worker that stops fails every request still waiting.
 */
export class PendingRequests<Answer> {
  private readonly waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  private nextId = 1;

  /** Sends a request under a new id (`send` posts it) and answers what comes back under that id. */
  ask(send: (id: number) => void): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      try {
        send(id);
      } catch (error) {
        this.waiting.delete(id);
        throw error;
      }
    });
  }

  /** Settles request `id` with its answer; an unknown id (already settled) is ignored. */
  answer(id: number, answer: Answer): void {
    this.take(id)?.resolve(answer);
  }

  /** Fails request `id`; an unknown id (already settled) is ignored. */
  fail(id: number, error: Error): void {
    this.take(id)?.reject(error);
  }

  /** Fails every request still waiting (the worker stopped). */
  failAll(error: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const request of all) request.reject(error);
  }

  private take(id: number): { resolve(answer: Answer): void; reject(error: Error): void } | undefined {
    const request = this.waiting.get(id);
    this.waiting.delete(id);
    return request;
  }
}
