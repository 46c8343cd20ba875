// step-stream.js — the steps of a turn that the engine reports while it still works on the rest
// (engine-client.js `onStep`): the table draws the finished trick while the computer chooses its
// lead. DOM-free.
//
//   const stream = new StepStream();
//   engine.call("play", args, { onStep: (step) => stream.push(step) }).finally(() => stream.close());
//   for (let step; (step = await stream.next()); ) draw(step);   // null once the call answered

export class StepStream {
  #queue = [];
  #wake = null;
  #closed = false;

  push(step) {
    if (this.#closed) return;
    this.#queue.push(step);
    this.#rouse();
  }

  /** The call answered (or failed): steps not taken yet are left to its result. */
  close() {
    this.#closed = true;
    this.#queue.length = 0;
    this.#rouse();
  }

  /** The next reported step, or null once the call answered. */
  async next() {
    while (!this.#queue.length && !this.#closed) {
      await new Promise((resolve) => { this.#wake = resolve; });
    }
    return this.#closed ? null : this.#queue.shift();
  }

  #rouse() {
    const wake = this.#wake;
    this.#wake = null;
    if (wake) wake();
  }
}
