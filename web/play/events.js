// events.js — the table's events: an emitter whose listeners may hold the game (a returned
// promise is awaited: the table animates each step), and the error that drops a stale call.
// DOM-free.

/** A game replaced while one of its calls was under way: that call's result is dropped. */
export class Abandoned extends Error {}

export class Emitter {
  #listeners = new Map();
  #forward = null;

  on(type, fn) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, []);
    this.#listeners.get(type).push(fn);
    return () => this.off(type, fn);
  }

  off(type, fn) {
    const list = this.#listeners.get(type) || [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }

  /** Every event also goes to `fn(type, detail)` (the table controller hears its opponents). */
  forward(fn) {
    this.#forward = fn;
  }

  /** Call every listener of `type`; resolves once the promises they returned have settled. */
  emit(type, detail = {}) {
    const waits = [];
    const listeners = [...(this.#listeners.get(type) || [])];
    if (this.#forward) listeners.push((d) => this.#forward(type, d));
    for (const fn of listeners) {
      try {
        const result = fn(detail);
        if (result && typeof result.then === "function") waits.push(result.catch((e) => this.listenerError(e, type)));
      } catch (error) {
        this.listenerError(error, type);
      }
    }
    return waits.length ? Promise.all(waits) : Promise.resolve();
  }

  listenerError(error, type) {
    // a view that failed to draw must not stop the game
    globalThis.console?.warn(`kaffeehaus: "${type}" listener failed:`, error);
  }
}
