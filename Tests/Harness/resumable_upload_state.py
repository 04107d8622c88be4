"""What resumable_upload_server.py keeps: the uploads, what each key of the tests received, and how
the protocol's field values are read (Structured Field Integers and Booleans, RFC 9651).

Standard library only. Every upload's bytes are in a file under STORE (a temporary directory the
server removes when it exits); a key (the tests' `?key=`) collects the requests, the bytes read and
the uploads made under it, which GET /_control/<key> reports.
"""

import hashlib
import json
import os
import tempfile
import threading

VERSIONS = ("8", "9")
PIECE = 64 * 1024
LOCK = threading.Lock()
UPLOADS = {}  # id -> dict
KEYS = {}  # key -> {"received", "requests", "uploads", "plain"}
STORE = tempfile.mkdtemp(prefix="resumable-uploads-")
COUNTER = [0]


def key_state(key):
    return KEYS.setdefault(key, {"received": 0, "requests": [], "uploads": [], "plain": []})


def note(key, entry):
    with LOCK:
        key_state(key)["requests"].append(entry)


def received(key, count):
    with LOCK:
        key_state(key)["received"] += count


def digest(path):
    sha = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        while True:
            block = handle.read(1 << 20)
            if not block:
                return size, sha.hexdigest()
            sha.update(block)
            size += len(block)


def structured_boolean(value):
    return {"?1": True, "?0": False}.get((value or "").strip())


def structured_integer(value):
    value = (value or "").strip()
    return int(value) if value.isdigit() and len(value) <= 15 else None


def new_upload(key, version, length, query):
    """An upload resource for `key` in interop `version`, with the creation request's options."""
    with LOCK:
        COUNTER[0] += 1
        upload_id = "%s-%d" % (key, COUNTER[0])
        upload = {
            "id": upload_id, "key": key, "interop": version, "offset": 0, "complete": False,
            "deleted": False, "forgotten": False, "path": os.path.join(STORE, upload_id), "length": length,
            "drops": sorted(int(d) for d in query.get("drops", "").split(",") if d.strip().isdigit()),
            "forget": query.get("forget") == "1", "wrong": query.get("wrong"), "pace": float(query.get("pace", 0)),
            "dropped": 0, "heads": [],
        }
        UPLOADS[upload_id] = upload
        key_state(key)["uploads"].append(upload_id)
    open(upload["path"], "wb").close()
    return upload


def report(key):
    """What was stored under `key`: the requests, the bytes read, each upload's size and SHA-256."""
    with LOCK:
        state = json.loads(json.dumps(key_state(key)))
        uploads = [dict(UPLOADS[i]) for i in state["uploads"]]
    listed = []
    for upload in uploads:
        size, sha = digest(upload["path"]) if os.path.exists(upload["path"]) else (0, None)
        listed.append(
            {"id": upload["id"], "interop": int(upload["interop"]), "offset": upload["offset"],
             "length": upload["length"], "complete": upload["complete"], "deleted": upload["deleted"],
             "bytes": size, "sha256": sha})
    state["uploads"] = listed
    return state
