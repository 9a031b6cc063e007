"""Writes cases.json: gopher-mcp's own verdicts on the cases below.

gopher-mcp's code is not in this repository. To regenerate, copy
src/gopher_mcp/robots.py of cameronrye/gopher-mcp at
43f5afc2bc562c50043ff803334cab827a121ec0 (its parser and matcher, lines
1-334; the logger import may be stubbed) into a directory DIR, then run
    python3 gen.py DIR > cases.json
Gemini cases ask RobotsPolicy.is_allowed([path], GEMINI_TOKENS,
AI_AGENT_TOKENS) on the URL's path, the body first stripped of every
unprintable character but LF, CR and tab, as the Gemini client does
before it parses (helpers.py sanitize_display_text); Gopher cases ask
is_allowed(gopher_candidate_paths(type, selector), GOPHER_TOKENS,
AI_AGENT_TOKENS) on the raw body, as the Gopher client does.
"""
import json, sys
sys.path.insert(0, sys.argv[1])
from robots import (AI_AGENT_TOKENS, GEMINI_TOKENS, GOPHER_TOKENS,
                    gopher_candidate_paths, parse_robots)

def visible(s):
    return "".join(c for c in s if c.isprintable() or c in "\n\t\r")

# (id, protocol, robots.txt, path or (item type, selector), behaviour)
CASES = [
 ("B1", "gopher", "User-agent: *\rDisallow: /p\r", ("0", "/p"), "a lone CR ends a line"),
 ("B1-gemini", "gemini", "User-agent: *\rDisallow: /p\r", "/p", "a lone CR ends a line"),
 ("B2", "gemini", "User-agent: *\n\nDisallow: /p", "/p", "blank lines end nothing"),
 ("B2-comment", "gemini", "User-agent: * # all\nDisallow: /p # x\n", "/p", "a # anywhere starts a comment"),
 ("B3", "gemini", "User-agent: indexer\nfoo\nUser-agent: *\nDisallow: /p", "/p", "a line with no colon is skipped and ends nothing"),
 ("B4", "gemini", "Useragent: *\nDisallow: /p", "/p", "no misspelt field is read"),
 ("B4-spaces", "gemini", "User-agent : *\nDisallow : /p", "/p", "the field is stripped"),
 ("B5", "gemini", "User-agent: indexer\nfoo: bar\nUser-agent: *\nDisallow: /p", "/p", "any other field ends a run of User-agent lines"),
 ("B5-allow", "gemini", "User-agent: webproxy\nAllow: /x\nUser-agent: indexer\nDisallow: /y\n", "/y", "an Allow ends the run"),
 ("B5-delay", "gemini", "User-agent: *\nDisallow: /\nUser-agent: webproxy\nCrawl-delay: 1\nUser-agent: foo\nDisallow: /\n", "/a", "a Crawl-delay ends the run"),
 ("B6", "gemini", "User-agent: indexer\n# c\nUser-agent: *\nDisallow: /p", "/p", "a comment line does not end a run"),
 ("B7", "gemini", "Disallow: /p\nUser-agent: *", "/p", "rules before any User-agent are dropped"),
 ("B8", "gemini", "User-agent: *\nDisallow: /d\nUser-agent:\nDisallow: /private", "/private", "an empty User-agent starts a run naming nobody"),
 ("B9-case", "gemini", "User-agent: INDEXER\nDisallow: /", "/a", "names are compared lower-cased"),
 ("B9-part", "gemini", "User-agent: index\nDisallow: /", "/a", "no part of a name"),
 ("B9-longer", "gemini", "User-agent: indexer-bot\nDisallow: /", "/a", "no longer name"),
 ("B9-version", "gemini", "User-agent: gopher-mcp/1.0\nDisallow: /", "/a", "no /version dropped"),
 ("B10", "gemini", "User-agent: indexer\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /b\n", "/b", "groups naming the same name merge"),
 ("B10-star", "gemini", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "/b", "* groups merge"),
 ("B11", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: indexer\nDisallow: /x\n", "/a", "a specific group wins over *"),
 ("B11-gopher", "gopher", "User-agent: *\nDisallow: /\n\nUser-agent: indexer\nDisallow: /x\n", ("0", "/a"), "indexer is not a Gopher name"),
 ("B11-gopher-own", "gopher", "User-agent: *\nDisallow: /\n\nUser-agent: gopher-mcp\nDisallow: /x\n", ("0", "/a"), "its own name wins on Gopher"),
 ("B11-gopher-webproxy", "gopher", "User-agent: webproxy\nDisallow: /\n", ("0", "/a"), "webproxy is not a Gopher name"),
 ("B11-together", "gemini", "User-agent: webproxy\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /b\n", "/b", "the specific groups apply together"),
 ("B11-run", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: googlebot\nUser-agent: gopher-mcp\nDisallow: /x\n", "/a", "its name in a run of names"),
 ("B12", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: indexer\nAllow: /\n", "/a", "a specific group with no rule still wins"),
 ("B12-bare", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: indexer\n", "/a", "a specific group with no line after it still wins"),
 ("B13", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: webproxy\nDisallow:\n", "/a", "an empty Disallow grants"),
 ("B14", "gemini", "User-agent: *\nDisallow:\n\nUser-agent: ClaudeBot\nDisallow: /\n", "/a", "an AI token's group adds its rules"),
 ("B14-star", "gemini", "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /x\n", "/a", "an AI token's group never replaces *"),
 ("B14-gopher", "gopher", "User-agent: *\nDisallow:\n\nUser-agent: ClaudeBot\nDisallow: /\n", ("1", "/a"), "AI tokens on Gopher too"),
 ("B15", "gemini", "User-agent: *\nAllow: /a\nDisallow: /", "/a", "Allow is not read"),
 ("B16", "gemini", "Disallow: /", "/a", "no group allows all"),
 ("B16-other", "gemini", "User-agent: googlebot\nDisallow: /", "/a", "no group for it allows all"),
 ("B17-star", "gemini", "User-agent: *\nDisallow: /a*b\n", "/axxbzz", "* is any run, the end open"),
 ("B17-star2", "gemini", "User-agent: *\nDisallow: /a*b\n", "/axxb", "* is any run"),
 ("B17-dollar", "gemini", "User-agent: *\nDisallow: /a$\n", "/ab", "a final $ anchors the end"),
 ("B17-dollar-exact", "gemini", "User-agent: *\nDisallow: /a$\n", "/a", "a final $ anchors the end"),
 ("B17-star-dollar", "gemini", "User-agent: *\nDisallow: /*.gmi$\n", "/x.gmi", "* and $ together"),
 ("B17-leading-star", "gemini", "User-agent: *\nDisallow: *x\n", "/ax", "a rule may start with *"),
 ("B17-inner-dollar", "gemini", "User-agent: *\nDisallow: /a$b\n", "/a$b", "a $ elsewhere is literal"),
 ("B17-star-end", "gemini", "User-agent: *\nDisallow: /a*$\n", "/abc", "*$ at the end"),
 ("B17-dollar-alone", "gemini", "User-agent: *\nDisallow: $\n", "/a", "a lone $ matches only the empty path"),
 ("B17-star-alone", "gemini", "User-agent: *\nDisallow: *\n", "/a", "a lone * matches everything"),
 ("B17-root", "gemini", "User-agent: *\nDisallow: /\n", "/a", "Disallow: / refuses all"),
 ("B19", "gemini", "User-agent: *\nDisallow: private", "/private", "no / is added to a rule"),
 ("B20", "gemini", "User-agent: *\nDisallow: /Private", "/private", "paths are case-sensitive"),
 ("B21", "gemini", "User-agent: *\nDisallow: /%7Eu\n", "/~u", "a rule is also tried decoded"),
 ("B21-letter", "gemini", "User-agent: *\nDisallow: /%41\n", "/A", "a rule is also tried decoded"),
 ("B22", "gemini", "User-agent: *\nDisallow: /~u\n", "/%7Eu", "the target is also tried decoded"),
 ("B22-letter", "gemini", "User-agent: *\nDisallow: /A\n", "/%41", "the target is also tried decoded"),
 ("B22-dots", "gemini", "User-agent: *\nDisallow: /private\n", "/pub/../private", "dot segments resolved"),
 ("B22-encoded-dots", "gemini", "User-agent: *\nDisallow: /private\n", "/pub/%2e%2e/private", "encoded dot segments resolved"),
 ("B22-slash-dots", "gemini", "User-agent: *\nDisallow: /b\n", "/a%2F..%2Fb", "decoded, then dot segments resolved"),
 ("B22-dot", "gemini", "User-agent: *\nDisallow: /private\n", "/./private", "a . segment resolved"),
 ("B23", "gemini", "User-agent: *\nDisallow: /private\n", "//private", "// is not folded"),
 ("B24", "gemini", "User-agent: *\nDisallow: /a%2a\n", "/axyz", "a decoded %2a is a live *"),
 ("B24-literal", "gemini", "User-agent: *\nDisallow: /a%2a\n", "/a%2A", "escape case, through decoding"),
 ("B25", "gemini", "User-agent: *\nDisallow: /a%2fb\n", "/a%2Fb", "escape case, through decoding"),
 ("B25-upper", "gemini", "User-agent: *\nDisallow: /a%2Fb\n", "/a%2fb", "escape case, through decoding"),
 ("B25-slash", "gemini", "User-agent: *\nDisallow: /a%2Fb\n", "/a/b", "a decoded %2F is a /"),
 ("B25-space", "gemini", "User-agent: *\nDisallow: /a b\n", "/a%20b", "a decoded %20 is a space"),
 ("B26-type", "gopher", "User-agent: *\nDisallow: 0/x\n", ("0", "/x"), "the item type before the selector"),
 ("B26-slash-type", "gopher", "User-agent: *\nDisallow: /0/x\n", ("0", "/x"), "/ and the item type before the selector"),
 ("B26-slash", "gopher", "User-agent: *\nDisallow: /x\n", ("0", "x"), "a / added to the selector"),
 ("B26-menu", "gopher", "User-agent: *\nDisallow: /1\n", ("1", "/anything"), "/1 refuses every menu"),
 ("B26-root", "gopher", "User-agent: *\nDisallow: /\n", ("1", ""), "the root menu"),
 ("B26-dots", "gopher", "User-agent: *\nDisallow: /private\n", ("0", "/pub/../private"), "dot segments resolved"),
 ("B26-rel-dots", "gopher", "User-agent: *\nDisallow: /y\n", ("0", "x/../y"), "dot segments resolved after the / is added"),
 ("B27", "gopher", "User-agent: *\nDisallow: x\n", ("0", "x"), "a rule without / matches only the typed spelling"),
 ("B27-other-type", "gopher", "User-agent: *\nDisallow: 1/x\n", ("0", "x"), "another item type does not match"),
 ("B29", "gemini", "User-agent: *\nDisallow: /private\n", "/a/%2E%2E/private", "%2E decoded and dot segments removed"),
 ("B30-bom", "gemini", "\ufeffUser-agent: *\nDisallow: /p\n", "/p", "Gemini: a BOM is deleted before parsing"),
 ("B30-ls", "gemini", "User-agent: *\u2028Disallow: /p\n", "/p", "Gemini: LS is deleted, so the lines join"),
 ("B30-nbsp", "gemini", "User-agent: *\nDisallow: /p\u00a0\n", "/p", "Gemini: NBSP is deleted"),
 ("B31-bom", "gopher", "\ufeffUser-agent: *\nDisallow: /p\n", ("0", "/p"), "Gopher: a BOM stays in line 1"),
 ("B31-ls", "gopher", "User-agent: *\u2028Disallow: /p\n", ("0", "/p"), "Gopher: LS ends a line"),
 ("B31-nbsp", "gopher", "User-agent: *\nDisallow: /p\u00a0\n", ("0", "/p"), "Gopher: strip() trims NBSP"),
 ("CR-trailing", "gemini", "User-agent: *\r\nDisallow: /p\r\r\n", "/p", "a trailing CR"),
 ("query", "gemini", "User-agent: *\nDisallow: /s?q\n", "/s", "the query is not part of the path"),
]

out = []
for cid, proto, robots, target, what in CASES:
    if proto == "gemini":
        allowed = parse_robots(visible(robots)).is_allowed([target], GEMINI_TOKENS, AI_AGENT_TOKENS)
        out.append({"id": cid, "protocol": proto, "robots": robots, "path": target, "allowed": allowed, "behaviour": what})
    else:
        typ, sel = target
        allowed = parse_robots(robots).is_allowed(gopher_candidate_paths(typ, sel), GOPHER_TOKENS, AI_AGENT_TOKENS)
        out.append({"id": cid, "protocol": proto, "robots": robots, "type": typ, "selector": sel, "allowed": allowed, "behaviour": what})
print(json.dumps({
    "source": "cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py, run under CPython 3.11 by gen.py",
    "cases": out}, indent=1, ensure_ascii=False))
