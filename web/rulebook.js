// rulebook.js — turns the engine's description of the rules (kaffeehaus.api.rules: sections of
// facts {key, values}) into text, with the templates of web/rules/<lang>.json. Pure functions,
// no DOM, so node --test can run them (tests/web/unit/rules.test.mjs).
//
// Templates are a small subset of ICU MessageFormat:
//   {name}                       a value (numbers through Intl.NumberFormat of the language)
//   {name, card}                 a card code ("9S") as the language writes it ("9♠", "V♠")
//   {name, rank}                 a rank ("J") as a corner letter ("V" in French)
//   {name, ladder}               a list of [low, high] ranks: "7→8, 8→9, …"
//   {name, plural, =0 {…} one {…} few {…} many {…} other {…}}   by Intl.PluralRules; # is the number
//   {name, select, true {…} other {…}}                           by the value's text
// Branches may hold placeholders themselves. Nothing else is special (no quoting).
//
//   renderPage(description, templates, env)  → {title, sections: [{id, heading, paragraphs}]}
//   renderShort(description, templates, env) → one paragraph (the facts of "short", joined)
//   formatMessage(template, values, env)     → string
// env = {lang, fallback (English templates), rank(r) → corner letter}. A fact the language
// lacks is written with the fallback's template; a key nobody has is written as the key.

const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function parseMessage(source) {
  const [nodes, end] = parseNodes(source, 0, false);
  if (end !== source.length) throw new SyntaxError(`unbalanced "}" at ${end} in ${source}`);
  return nodes;
}

function parseNodes(src, pos, inner) {
  const nodes = [];
  let text = "";
  const flush = () => { if (text) nodes.push(text); text = ""; };
  while (pos < src.length) {
    const c = src[pos];
    if (c === "{") {
      flush();
      const [node, next] = parseArgument(src, pos + 1);
      nodes.push(node);
      pos = next;
    } else if (c === "}") {
      if (!inner) throw new SyntaxError(`unexpected "}" at ${pos} in ${src}`);
      break;
    } else if (c === "#" && inner) {
      flush();
      nodes.push({ hash: true });
      pos += 1;
    } else {
      text += c;
      pos += 1;
    }
  }
  flush();
  return [nodes, pos];
}

function parseArgument(src, pos) {
  const head = /^\s*([A-Za-z0-9_]+)\s*(?:,\s*([a-z]+)\s*)?([,}])/.exec(src.slice(pos));
  if (!head) throw new SyntaxError(`bad placeholder at ${pos} in ${src}`);
  pos += head[0].length;
  const [, name, type, separator] = head;
  if (separator === "}") return [{ name, type: type || null }, pos];
  if (type !== "plural" && type !== "select") throw new SyntaxError(`unknown placeholder type ${type} in ${src}`);
  const branches = {};
  for (;;) {
    const rest = src.slice(pos);
    const close = /^\s*\}/.exec(rest);
    if (close) { pos += close[0].length; break; }
    const branch = /^\s*(=?[A-Za-z0-9_]+)\s*\{/.exec(rest);
    if (!branch) throw new SyntaxError(`bad ${type} branch at ${pos} in ${src}`);
    pos += branch[0].length;
    const [nodes, next] = parseNodes(src, pos, true);
    if (src[next] !== "}") throw new SyntaxError(`unclosed ${type} branch in ${src}`);
    branches[branch[1]] = nodes;
    pos = next + 1;
  }
  if (!branches.other) throw new SyntaxError(`${type} without "other" in ${src}`);
  return [{ name, type, branches }, pos];
}

function numberText(value, env) {
  return new Intl.NumberFormat(env.lang).format(value);
}

function rankText(rank, env) {
  return env.rank ? env.rank(rank) : (rank === "T" ? "10" : rank);
}

function cardText(code, env) {
  return `${rankText(code[0], env)}${SUIT_SYMBOLS[code[1]] || code[1]}`;
}

function valueText(value, type, env) {
  if (value === undefined || value === null) return "";
  if (type === "card") return cardText(String(value), env);
  if (type === "rank") return rankText(String(value), env);
  if (type === "ladder") return value.map(([low, high]) => `${rankText(low, env)}→${rankText(high, env)}`).join(", ");
  if (typeof value === "number") return numberText(value, env);
  return String(value);
}

function pluralBranch(node, value, env) {
  const exact = `=${value}`;
  if (exact in node.branches) return node.branches[exact];
  const category = new Intl.PluralRules(env.lang).select(value);
  return node.branches[category] || node.branches.other;
}

function formatNodes(nodes, values, env, hash) {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (node.hash) out += hash === undefined ? "#" : numberText(hash, env);
    else if (node.type === "plural") {
      const value = Number(values[node.name]);
      out += formatNodes(pluralBranch(node, value, env), values, env, value);
    } else if (node.type === "select") {
      const key = String(values[node.name]);
      out += formatNodes(node.branches[key] || node.branches.other, values, env, hash);
    } else out += valueText(values[node.name], node.type, env);
  }
  return out;
}

const parsed = new Map();

export function formatMessage(template, values = {}, env = {}) {
  let nodes = parsed.get(template);
  if (!nodes) {
    nodes = parseMessage(template);
    parsed.set(template, nodes);
  }
  return formatNodes(nodes, values, { lang: "en", ...env }, undefined);
}

function template(templates, env, group, key) {
  const own = templates && templates[group] && templates[group][key];
  if (own) return own;
  const fallback = env.fallback && env.fallback[group] && env.fallback[group][key];
  return fallback || null;
}

function factText(fact, templates, env) {
  const text = template(templates, env, "fact", fact.key);
  return text === null ? fact.key : formatMessage(text, fact.values, env);
}

/** The whole rules page of a description: its title and one heading and paragraphs per section. */
export function renderPage(description, templates, env = {}) {
  const title = template(templates, env, "title", description.profile) || description.profile;
  const sections = description.sections.map((section) => {
    const values = Object.assign({}, ...section.facts.map((f) => f.values));
    const heading = template(templates, env, "section", section.id);
    return {
      id: section.id,
      heading: heading === null ? section.id : formatMessage(heading, values, env),
      paragraphs: section.facts.map((fact) => factText(fact, templates, env)),
    };
  });
  return { title, sections };
}

/** "Rules in short": the facts of the description's summary, as one paragraph. */
export function renderShort(description, templates, env = {}) {
  return description.short.map((fact) => factText(fact, templates, env)).join(" ");
}
