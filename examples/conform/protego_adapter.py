"""smolbots conform adapter for Protego (Debian's python3-protego), the
parser mozz-archiver reads robots.txt with through Scrapy. (Named
protego_adapter.py: a script named protego.py would import itself.)

Per case:   smolbots conform -- /usr/bin/python3 protego_adapter.py
            (arguments ROBOTS-FILE AGENT URL; prints allowed or disallowed,
            and exits 0 or 1 as older runners read it)
JSON lines: smolbots conform -jsonl -- /usr/bin/python3 protego_adapter.py --jsonl
--agent NAME asks as NAME whatever the case's agent, as a crawler with
one user-agent does (mozz-archiver: --agent archiver-mozz).
"""
import json
import sys

from protego import Protego

args = sys.argv[1:]
fixed = None
if args[:1] == ["--agent"]:
    fixed, args = args[1], args[2:]


def allowed(raw, agent, url):
    # as Scrapy 2.3's decode_robotstxt: a body that is not UTF-8 is empty
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    # Protego knows no virtual agents: it is given the name, not "(archiver)"
    return Protego.parse(text).can_fetch(url, fixed or agent.split("(")[0].strip())


if args == ["--jsonl"]:
    for line in sys.stdin:
        c = json.loads(line)
        print(json.dumps({"id": c["id"], "allowed": allowed(c["robots"].encode("utf-8"), c["agent"], c["url"])}), flush=True)
else:
    robots, agent, url = args[:3]
    with open(robots, "rb") as f:
        ok = allowed(f.read(), agent, url)
    print("allowed" if ok else "disallowed", flush=True)
    sys.exit(0 if ok else 1)
