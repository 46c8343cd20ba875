// A fake RTCPeerConnection network for the unit tests of web/duel/transport.js: offers and
// answers are opaque SDP strings naming the connection that made them; applying an answer
// connects the two connections (the offerer's data channel opens, the answerer hears
// "datachannel"). A connection or channel closed on one side closes the other's channel, as a
// page that is closed or reloaded does. `network.reachable = false`: ICE fails instead.
class Target {
  constructor() { this.listeners = {}; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  dispatch(type, event = {}) { for (const fn of this.listeners[type] || []) fn(event); }
}

const later = (fn) => setTimeout(fn, 0);

class FakeChannel extends Target {
  constructor(label) {
    super();
    this.label = label;
    this.readyState = "connecting";
    this.other = null;
  }
  open() { this.readyState = "open"; later(() => this.dispatch("open")); }
  send(data) {
    if (this.readyState !== "open") throw new Error("InvalidStateError");
    const other = this.other;
    later(() => { if (other.readyState === "open") other.dispatch("message", { data }); });
  }
  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    later(() => this.dispatch("close"));
    if (this.other) this.other.close();
  }
}

export function fakeNetwork() {
  const network = { reachable: true, made: [], byId: new Map(), nextId: 1 };

  class FakePC extends Target {
    constructor(config) {
      super();
      this.config = config;
      this.id = network.nextId++;
      this.signalingState = "stable";
      this.connectionState = "new";
      this.iceGatheringState = "complete";
      this.localDescription = null;
      this.channel = null;
      this.closed = false;
      network.byId.set(this.id, this);
      network.made.push(this);
    }
    createDataChannel(label) { this.channel = new FakeChannel(label); return this.channel; }
    async createOffer() { return { type: "offer", sdp: `v=0 offer from ${this.id}` }; }
    async createAnswer() { return { type: "answer", sdp: `v=0 answer from ${this.id} to ${this.remote}` }; }
    async setLocalDescription(d) {
      this.localDescription = d;
      this.signalingState = d.type === "offer" ? "have-local-offer" : "stable";
    }
    async setRemoteDescription(d) {
      if (this.closed) throw new Error("InvalidStateError: closed");
      if (d.type === "offer") {
        this.remote = Number(/from (\d+)/.exec(d.sdp)[1]);
        this.signalingState = "have-remote-offer";
        return;
      }
      if (this.signalingState !== "have-local-offer") throw new Error("InvalidStateError: no offer");
      const answerer = network.byId.get(Number(/from (\d+)/.exec(d.sdp)[1]));
      this.signalingState = "stable";
      if (!network.reachable || !answerer || answerer.closed) {
        later(() => this.state("failed"));
        return;
      }
      later(() => {
        const theirs = new FakeChannel(this.channel.label);
        theirs.other = this.channel;
        this.channel.other = theirs;
        answerer.channel = theirs;
        this.state("connected");
        answerer.state("connected");
        answerer.dispatch("datachannel", { channel: theirs });
        theirs.open();
        this.channel.open();
      });
    }
    state(s) { this.connectionState = s; this.dispatch("connectionstatechange"); }
    close() {
      if (this.closed) return;
      this.closed = true;
      this.connectionState = "closed";
      if (this.channel) this.channel.close();
    }
  }

  network.peer = (config) => new FakePC(config);
  return network;
}

/** Resolves after the fake network's pending events (a few turns of the event loop). */
export const settle = (n = 8) => new Promise((resolve) => {
  let left = n;
  const tick = () => (left-- > 0 ? setTimeout(tick, 0) : resolve());
  tick();
});
