// ledger.js — what the live channel (transport.js) delivered, per game: the codes this page
// received (so none is applied twice) and the ones the friend acknowledged (so one is sent
// again after a reconnection until it is), as short hashes kept in `memory`, so that a reloaded
// page remembers them. DOM-free.
//
//   const ledger = createLedger(memory)      memory: {get(game) → {seen, acked}, put(game, value)}
//   ledger.use(game)                         the game the entries below are about
//   ledger.seen(code[, game]) → bool         this page received that code already
//   ledger.received(codes)                   codes this page received (by the channel or by hand)
//   ledger.acknowledged(hashes)              codes the friend says it has
//   ledger.fresh(codes) → [code]             those not received yet
//   ledger.unacknowledged(codes) → [code]    those the friend has not acknowledged
//   ledger.seenHashes() → [hash]             what this page says it has when the channel opens

const REMEMBERED = 64;   // hashes kept per game and list: far more than one turn's codes

/** A short hash of a code (53-bit, base 36): enough to tell a game's codes apart. */
export function codeHash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function createLedger(memory) {
  let game = null;
  const kept = (id = game) => ({ seen: [], acked: [], ...(id ? memory.get(id) : null) });
  function add(list, hashes) {
    if (!game) return;
    const value = kept();
    value[list] = [...new Set([...value[list], ...hashes])].slice(-REMEMBERED);
    memory.put(game, value);
  }
  return {
    use(id) { game = id || null; },
    seen: (code, id = game) => Boolean(id) && kept(id).seen.includes(codeHash(code)),
    received: (codes) => add("seen", codes.map(codeHash)),
    acknowledged: (hashes) => add("acked", hashes),
    fresh(codes) {
      const seen = new Set(kept().seen);
      return codes.filter((c) => !seen.has(codeHash(c)));
    },
    unacknowledged(codes) {
      const acked = new Set(kept().acked);
      return codes.filter((c) => !acked.has(codeHash(c)));
    },
    seenHashes: () => kept().seen,
  };
}
