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
