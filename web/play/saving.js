// saving.js — one saved game against the other tabs of this page (web/saving/games.js keeps a revision
// per record): whether another tab has moved the game on (or finished it) since this tab saved
// it last. DOM-free.

export class SaveGuard {
  constructor(games) {
    this.games = games;
    this.finishedHere = null;   // the id of the game this tab finished (its record is gone)
  }

  /** `game` ({id, rev}) was moved on in another tab: its record has a revision this tab did not write. */
  movedElsewhere({ id, rev }) {
    if (!id) return false;
    if (this.games.isFinished(id)) return this.finishedHere !== id;   // over in another tab
    const stored = this.games.get(id);
    return Boolean(stored) && stored.rev !== rev;
  }

  /** This tab finished the game: its record goes. */
  finish(id) {
    this.finishedHere = id;
    this.games.finish(id);
  }
}
