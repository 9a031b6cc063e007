// smolbots conform adapter for robots-parser 3.0.1, the most used
// JavaScript robots.txt parser (pinned in package.json beside this file;
// `npm ci` here installs it).
//
// Per case:   smolbots conform -- node adapter.js
//             (arguments ROBOTS-FILE AGENT URL; prints allowed or
//             disallowed, exit 0 allowed, 1 disallowed)
// JSON lines: smolbots conform -jsonl -- node adapter.js --jsonl
//
// The library takes the robots.txt's own URL and answers only for URLs
// of the same scheme, host and port: it is given the case URL's origin
// with /robots.txt, so gemini:// and gopher:// URLs are read as they
// come. It knows no virtual agents: it gets the name, cut at "(".
'use strict';
const fs = require('fs');
const readline = require('readline');
const robotsParser = require('robots-parser');

function allowed(robots, agent, url) {
  const u = new URL(url);
  const origin = u.protocol + '//' + u.host + '/robots.txt';
  const verdict = robotsParser(origin, robots).isAllowed(url, agent.split('(')[0].trim());
  if (typeof verdict !== 'boolean') {
    throw new Error('the library gave no verdict for ' + url);
  }
  return verdict;
}

const args = process.argv.slice(2);
if (args[0] === '--jsonl') {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    const c = JSON.parse(line);
    let out;
    try {
      out = { id: c.id, allowed: allowed(c.robots, c.agent, c.url) };
    } catch (e) {
      out = { id: c.id, error: String(e.message || e) };
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  });
} else {
  const [file, agent, url] = args;
  const ok = allowed(fs.readFileSync(file, 'utf8'), agent, url);
  process.stdout.write(ok ? 'allowed\n' : 'disallowed\n');
  process.exitCode = ok ? 0 : 1;
}
