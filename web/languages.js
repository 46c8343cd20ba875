// languages.js — the languages the page ships (web/i18n/<lang>.json and the rules pages in
// web/rules/, one each), in the order of the language menu. tests/web/test_i18n_keys.py checks
// that every one has its files and that no other language has any.
export const LANGUAGES = ["en", "fr", "de", "cs", "pt"];
