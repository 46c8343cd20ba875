"""What the browser tests and the benches share: Debian's Chromium as Playwright launches it, and
the probes they inject into the page."""
from __future__ import annotations

from .common import CHROMIUM, CHROMIUM_ARGS


def launch_options(**extra) -> dict:
    """Keyword arguments for Playwright's chromium.launch (never `playwright install`)."""
    return {"executable_path": str(CHROMIUM), "headless": True, "args": CHROMIUM_ARGS, **extra}


# Counts the messages the page sends to the engine's worker (window.__engineMessages: their
# commands), with animations off; an init script, so it wraps postMessage before the page runs.
ENGINE_MESSAGE_COUNTER = """
(() => {
    const send = Worker.prototype.postMessage;
    window.__engineMessages = [];
    Worker.prototype.postMessage = function (message, ...rest) {
        if (message && typeof message.cmd === 'string') window.__engineMessages.push(message.cmd);
        return send.call(this, message, ...rest);
    };
    localStorage.setItem('kaffeehaus.settings', JSON.stringify({speed: 'off'}));
})();
"""


# Both directions of the page's traffic with the engine's worker, for the protocol's figures
# (tests/web/test_worker_traffic.py): window.__workerTraffic holds one entry per message,
# {dir: "out" (page → worker) | "in", kind, bytes} where bytes is the length of the message as
# JSON text (what a structured clone of it carries, give or take) and kind the command, "step",
# "result", "error" or "progress". Animations off, as ENGINE_MESSAGE_COUNTER.
WORKER_TRAFFIC_PROBE = """
(() => {
    const Original = window.Worker;
    const log = window.__workerTraffic = [];
    const size = (data) => { try { return JSON.stringify(data).length; } catch { return 0; } };
    const kind = (data) => (data.cmd || (data.step !== undefined ? 'step'
        : data.result !== undefined ? 'result' : data.error ? 'error' : data.progress !== undefined ? 'progress' : 'other'));
    window.Worker = class extends Original {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', ({ data }) => log.push({ dir: 'in', kind: kind(data), bytes: size(data) }));
        }
        postMessage(message, ...rest) {
            log.push({ dir: 'out', kind: kind(message), bytes: size(message) });
            return super.postMessage(message, ...rest);
        }
    };
    localStorage.setItem('kaffeehaus.settings', JSON.stringify({speed: 'off'}));
})();
"""
