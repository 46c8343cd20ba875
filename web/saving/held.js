// held.js — the writes the browser refused (storage full or disabled), held by this tab until
// there is room: kept in sessionStorage too, so that a reload of the tab finds them and tries
// them again. The storage (storage.js) reads a held value before the stored one. DOM-free.
//
//   const held = createHeld({ session, store, report })
//     store(name, text)     writes now (throws when the browser refuses)
//     report()              the set of held writes changed (the page tells the player)
//   held.writes             Map name → {text, full}
//   held.hold(name, text, full) / held.release(name) → bool / held.flush() → bool (none left)
//   held.restore(known)     the writes a reload of this tab left held, for the names `known` has

export const HELD_KEY = "kaffeehaus.held";   // sessionStorage: {name: text}

export function createHeld({ session, store, report }) {
  const writes = new Map();

  function keep() {
    const value = {};
    for (const [name, { text }] of writes) value[name] = text;
    try {
      if (writes.size) session?.setItem(HELD_KEY, JSON.stringify(value));
      else session?.removeItem(HELD_KEY);
    } catch { /* the session area is full too: held in this page only */ }
  }

  return {
    writes,
    hold(name, text, full) {
      const first = !writes.has(name);
      writes.set(name, { text, full });
      keep();
      if (first) report();
    },
    release(name) {
      if (!writes.delete(name)) return false;
      keep();
      report();
      return true;
    },
    /** Try every held write again; true when nothing is held any more. */
    flush() {
      if (!writes.size) return true;
      let changed = false;
      for (const [name, { text }] of [...writes]) {
        try {
          store(name, text);
          writes.delete(name);
          changed = true;
        } catch { /* still refused */ }
      }
      if (changed) {
        keep();
        report();
      }
      return writes.size === 0;
    },
    restore(known) {
      try {
        const saved = JSON.parse(session?.getItem(HELD_KEY) || "null");
        if (saved && typeof saved === "object" && !Array.isArray(saved)) {
          for (const [name, text] of Object.entries(saved)) {
            if (known(name) && typeof text === "string") writes.set(name, { text, full: true });
          }
        }
      } catch { /* nothing held */ }
    },
  };
}
