/**
 * Files the OS asks the app to open can arrive before the window can show them (macOS sends `open-file` before
 * `ready`; a second launch can race the first's start-up). The router keeps them until a handler is attached,
 * then delivers them in order, once each.
 */
export class OpenFileRouter {
  private readonly waiting: string[] = [];
  private handler: ((filePath: string) => void) | null = null;

  open(filePath: string): void {
    if (this.handler) this.handler(filePath);
    else if (!this.waiting.includes(filePath)) this.waiting.push(filePath);
  }

  openAll(filePaths: readonly string[]): void {
    for (const filePath of filePaths) this.open(filePath);
  }

  /** Attaches the handler (the window is ready) and flushes what waited; returns the detach function. */
  attach(handler: (filePath: string) => void): () => void {
    this.handler = handler;
    for (const filePath of this.waiting.splice(0)) handler(filePath);
    return () => {
      if (this.handler === handler) this.handler = null;
    };
  }

  pending(): readonly string[] {
    return [...this.waiting];
  }
}
