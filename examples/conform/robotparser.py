"""smolbots conform adapter for CPython's urllib.robotparser.

Per case:   smolbots conform -- /usr/bin/python3 robotparser.py
            (arguments ROBOTS-FILE AGENT URL; prints allowed or disallowed,
            and exits 0 or 1 as older runners read it)
JSON lines: smolbots conform -jsonl -- /usr/bin/python3 robotparser.py --jsonl
"""
import json
import sys
import urllib.robotparser


def allowed(raw, agent, url):
    rp = urllib.robotparser.RobotFileParser()
    # as RobotFileParser.read() feeds a fetched file: strict UTF-8, splitlines
    rp.parse(raw.decode("utf-8").splitlines())
    # robotparser knows no virtual agents: it is given the name, not "(indexer)"
    return rp.can_fetch(agent.split("(")[0].strip(), url)


if sys.argv[1:] == ["--jsonl"]:
    for line in sys.stdin:
        c = json.loads(line)
        print(json.dumps({"id": c["id"], "allowed": allowed(c["robots"].encode("utf-8"), c["agent"], c["url"])}), flush=True)
else:
    robots, agent, url = sys.argv[1:4]
    with open(robots, "rb") as f:
        ok = allowed(f.read(), agent, url)
    print("allowed" if ok else "disallowed", flush=True)
    sys.exit(0 if ok else 1)
