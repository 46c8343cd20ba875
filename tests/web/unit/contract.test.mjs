// One contract for every opponent behind the table controller (web/play/table.js): the same
// assertions run against the computer, a friend at this device (pass and play) and a friend on
// another device (a duel, two table controllers exchanging codes). Each opponent is a harness
// over the existing fakes (fake-engine.mjs, fake-duel.mjs) that knows only how to put a game on
// the table, how to let the other side see what happened, and where the game is saved.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TableController } from "../../../web/play/table.js";
import { createStorage, memoryArea } from "../../../web/saving/storage.js";
import { createGames } from "../../../web/saving/games.js";
import { createDuels } from "../../../web/duel/store.js";
import { DuelController } from "../../../web/duel/controller.js";
import { fakeEngine } from "./fake-engine.mjs";
import { fakeDuelEngine } from "./fake-duel.mjs";

function device(engine) {
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  const games = createGames(storage);
  const duels = createDuels(storage);
  const remote = new DuelController({ call: engine.call, storage, duels });
  const table = new TableController({ call: engine.call, storage, games, tab: "tab", seed: () => 7, remote });
  const events = [];
  for (const type of ["began", "busy", "acting", "step", "turn", "dealOver", "refused", "handoff", "invitation", "problem"]) {
    table.on(type, (detail) => { events.push({ type, detail }); });
  }
  return { engine, storage, games, duels, table, events };
}

const of = (events, type) => events.filter((e) => e.type === type).map((e) => e.detail);
/** `card` of `seat` lies on the table or in a trick taken, in `obs`. */
const played = (obs, seat, card) => [...(obs.trick || []), ...(obs.history || []).flatMap((h) => h.cards)]
  .some(([who, c]) => who === seat && c === card);

const OPPONENTS = {
  /** The computer: its reply comes in the same call; the engine is the other side. */
  async computer() {
    const me = device(fakeEngine());
    await me.table.start({ profile: "schnapsen", options: {}, level: "easy", length: "deal", mode: "practice" });
    return {
      me, kind: "computer", otherHand: ["AS", "KS", "QS"],
      async ready() {},
      async otherSees() { return me.engine.call("observation", { state: me.table.state, player: 1 }); },
      async nextMover(events) { return of(events, "step")[1].seat; },
      async otherActs() { return of(me.events, "step").find((step) => step.seat === 1).action; },
      saved() { return me.games.get(me.table.id).state; },
      canUndoAfterMove: true,
    };
  },

  /** A friend at this device: the device goes to the other seat behind a hand-off screen. */
  async local() {
    const me = device(fakeEngine());
    await me.table.start({ profile: "schnapsen", options: {}, length: "deal", opponent: "local", players: ["Anna", "Ben"],
      firstDealer: "random" });
    return {
      me, kind: "local", otherHand: ["AS", "KS", "QS"],
      async ready() { await me.table.reveal(); },
      async otherSees() {
        await me.table.reveal();
        return me.table.obs;
      },
      async nextMover(events) { return of(events, "handoff").at(-1).seat; },
      async otherActs() {
        const card = (await this.otherSees()).legal_actions[0];
        await me.table.act(card);
        await me.table.reveal();
        return card;
      },
      saved() { return me.games.get(me.table.id).state; },
      canUndoAfterMove: false,
    };
  },

  /** A friend on another device: A invites, B joins; each action reaches B as codes. */
  async remote() {
    const me = device(fakeDuelEngine());
    const friend = device(fakeDuelEngine());
    await me.table.start({ profile: "schnapsen", options: {}, length: "deal", opponent: "remote" });
    await friend.table.remote.receive(me.table.remote.outbox.join(" "));
    await friend.table.remote.join(of(friend.events, "invitation")[0].code);
    await me.table.remote.receive(friend.table.remote.outbox.join(" "));
    await friend.table.remote.receive(me.table.remote.outbox.join(" "));
    return {
      me, kind: "remote", otherHand: ["QS", "JS"],
      async ready() {},
      async otherSees() {
        assert.equal(await friend.table.remote.receive(me.table.remote.outbox.join(" ")), true);
        return friend.table.obs;
      },
      async nextMover() { return (await this.otherSees()).to_move; },
      async otherActs() {
        const card = (await this.otherSees()).legal_actions[0];
        await friend.table.act(card);
        assert.equal(await me.table.remote.receive(friend.table.remote.outbox.join(" ")), true);
        return card;
      },
      saved() { return me.duels.get(me.table.id).party; },
      canUndoAfterMove: false,
    };
  },
};

for (const [name, open] of Object.entries(OPPONENTS)) {
  test(`${name}: the table says which opponent it is and whose turn it is`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    assert.equal(table.kind, h.kind);
    assert.equal(table.busy, false);
    assert.equal(table.obs.player, table.viewer, "the observation on the table is this device's seat");
    assert.equal(table.obs.to_move, table.obs.player, "this seat leads");
    for (const card of table.obs.legal_actions) assert.equal(table.canAct(card), true, card);
    const events = h.me.events;
    events.length = 0;
    await table.act(table.obs.legal_actions[0]);
    assert.equal(await h.nextMover(events), 1 - table.viewer, "the other seat acts next");
  });

  test(`${name}: this device sees its own cards, never the other seat's`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    assert.ok(table.obs.hand.length > 0);
    for (const card of h.otherHand) {
      assert.equal(table.obs.hand.includes(card), false, card);
      assert.equal(JSON.stringify(table.obs).includes(`"${card}"`), false, `${card} appears nowhere in the observation`);
    }
  });

  test(`${name}: an action reaches the other side`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    const seat = table.viewer;
    const card = table.obs.legal_actions[0];
    await table.act(card);
    assert.equal(of(h.me.events, "acting").at(-1).action, card, "drawn here at once");
    const theirs = await h.otherSees();
    assert.notEqual(theirs.player, seat, "seen from the other seat");
    assert.ok(played(theirs, seat, card), `${card} reached the other seat`);
  });

  test(`${name}: the other side's action reaches this seat`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    const seat = table.viewer;
    await table.act(table.obs.legal_actions[0]);
    const card = await h.otherActs();
    assert.equal(table.viewer, seat, "this device looks from its own seat again");
    assert.ok(played(table.obs, 1 - seat, card), `${card} of the other seat is on this table`);
  });

  test(`${name}: an illegal action is refused and the game is kept`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    const [state, obs, calls] = [table.state, table.obs, h.me.engine.calls.length];
    const card = h.otherHand[0];
    assert.equal(table.canAct(card), false);
    await table.act(card);
    const refused = of(h.me.events, "refused").at(-1);
    assert.equal(refused.action, card);
    assert.equal(typeof refused.reason, "string");
    assert.equal(h.me.engine.calls.length, calls, "the engine was not asked");
    assert.equal(table.state, state);
    assert.deepEqual(table.obs, obs);
    assert.deepEqual(h.saved(), state, "the saved game is the game on the table");
  });

  test(`${name}: each action is saved on this device; undo only where it applies`, async () => {
    const h = await open();
    const { table } = h.me;
    await h.ready();
    const before = table.state;
    await table.act(table.obs.legal_actions[0]);
    assert.notDeepEqual(table.state, before);
    assert.deepEqual(h.saved(), table.state, "saved after the engine's answer");
    assert.equal(table.canUndo, h.canUndoAfterMove);
    assert.equal(await table.undo(), h.canUndoAfterMove);
    if (h.canUndoAfterMove) assert.deepEqual(table.state, before, "back to before the player's action");
    else assert.deepEqual(h.saved(), table.state, "nothing taken back");
  });
}

test("the opponent that put a game on the table last has it; the others' table events are not heard", async () => {
  const engine = fakeEngine();
  const me = device(engine);
  await me.table.start({ profile: "schnapsen", options: {}, level: "easy", length: "deal", mode: "ranked" });
  assert.equal(me.table.kind, "computer");
  const computerGame = me.table.id;
  await me.table.start({ profile: "schnapsen", options: {}, length: "deal", opponent: "local", players: ["Anna", "Ben"] });
  assert.equal(me.table.kind, "local");
  // the game it replaced stays saved: only the player abandons a game (New game asks, web/leaving.js)
  assert.notEqual(me.games.get(computerGame), null, "the game it replaced stays saved");
});

test("an opponent that does not have the table is not heard on it until it puts a game there", async () => {
  const me = device(fakeEngine());   // no duel_* calls: a duel cannot start
  await me.table.start({ profile: "schnapsen", options: {}, level: "easy", length: "deal", mode: "ranked" });
  const obs = me.table.obs;
  me.events.length = 0;
  await me.table.start({ profile: "schnapsen", options: {}, length: "deal", opponent: "remote" });
  assert.deepEqual(me.events.map((e) => e.type), ["problem"], "the duel's busy moments stay off the table");
  assert.equal(me.table.kind, "computer");
  assert.equal(me.table.obs, obs);
  assert.equal(me.table.busy, false);
});
