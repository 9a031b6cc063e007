"""Answers can_fetch questions with CPython's own urllib.robotparser.

Reads one JSON document on stdin: {"files": [{"body": BASE64,
"queries": [[AGENT, URL], ...]}, ...]} and writes {"answers": [[BOOL,
...] or null, ...]} on stdout: null where the body is not UTF-8, which
RobotFileParser.read cannot decode. The body goes through what read()
does with it: decode("utf-8"), splitlines(), parse().

"protego": true answers with Protego instead, as Scrapy's
ProtegoRobotParser calls it: a body that is not UTF-8 is read as empty,
and the query is [USER_AGENT, URL], asked as can_fetch(URL, USER_AGENT).

"star_all": true makes a rule whose value is a bare * match every path,
the one place where smolbots's norobots reads on purpose otherwise
(Python quotes it to %2A, which then matches nothing).
"""
import base64
import json
import sys
import urllib.robotparser


PlainRule = urllib.robotparser.RuleLine


class StarAllRule(urllib.robotparser.RuleLine):
    def __init__(self, path, allowance):
        self.star = path == "*"
        super().__init__(path, allowance)

    def applies_to(self, filename):
        return self.star or super().applies_to(filename)


def protego_answer(body, queries):
    from protego import Protego
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    rp = Protego.parse(text)
    return [rp.can_fetch(url, agent) for agent, url in queries or []]


def answer(f):
    body = base64.b64decode(f["body"])
    if f.get("protego"):
        return protego_answer(body, f["queries"])
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    urllib.robotparser.RuleLine = StarAllRule if f["star_all"] else PlainRule
    rp = urllib.robotparser.RobotFileParser()
    rp.parse(text.splitlines())
    return [rp.can_fetch(agent, url) for agent, url in f["queries"] or []]


def main():
    req = json.load(sys.stdin)
    json.dump({"answers": [answer(f) for f in req["files"]],
               "version": sys.version.split()[0]}, sys.stdout)


main()
