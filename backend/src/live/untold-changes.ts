/**
 * The positions of changes the feed has routed and not told yet. They are added in log order and told in
 * any order (each waits for its own read model partition), so the first untold one is the limit of what
 * every stream and every answer can be said to have seen.
 */
export class UntoldChanges {
  private readonly pending: bigint[] = [];
  private head = 0;
  /** Told while an earlier one was still untold. */
  private readonly toldEarly = new Set<bigint>();

  /** A change at `position`, after every one added before. */
  add(position: bigint): void {
    this.pending.push(position);
  }

  told(position: bigint): void {
    if (this.pending[this.head] !== position) {
      this.toldEarly.add(position);
      return;
    }
    this.head++;
    while (this.head < this.pending.length && this.toldEarly.delete(this.pending[this.head]!)) this.head++;
    // The told prefix is dropped now and then rather than shifted off one by one.
    if (this.head === this.pending.length || (this.head > 1024 && this.head * 2 > this.pending.length)) {
      this.pending.splice(0, this.head);
      this.head = 0;
    }
  }

  /** The position just before the first untold change; undefined when every change added is told. */
  toldBefore(): bigint | undefined {
    const first = this.pending[this.head];
    return first === undefined ? undefined : first - 1n;
  }
}
