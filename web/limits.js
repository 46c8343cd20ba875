// Generated from py/kaffeehaus/limits.py by tools/limits.py (`python3 build.py limits`):
// the engine's limits on input from outside. Do not edit; see that module for each one.

export const MAX_CODE_LENGTH = 100000;
export const MAX_MESSAGE_BYTES = 400000;
export const MAX_PASTED_LENGTH = 410000;
export const MAX_DEPTH = 32;
export const MAX_PARTY_LENGTH = 400000;
export const MAX_JSON_LENGTH = 1000000;
export const MAX_LINK_TOKEN_LENGTH = 600;
