import json

from chronomem.extract.parse.readers import read_sessions


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_json_object_array_and_jsonl(tmp_path):
    s = {"session_id": "a", "started_at": "2024-03-12T09:00:00Z", "turns": [{"speaker": "user", "text": "hi"}]}
    one = list(read_sessions(write(tmp_path, "one.json", json.dumps(s))))
    arr = list(read_sessions(write(tmp_path, "arr.json", json.dumps([s, {**s, "session_id": "b"}]))))
    lines = list(read_sessions(write(tmp_path, "x.jsonl", json.dumps(s) + "\n\n" + json.dumps({**s, "session_id": "c"}) + "\n")))
    assert [r.session.session_id for r in one + arr + lines] == ["a", "a", "b", "a", "c"]
    assert one[0].session.turns[0].id == "a:1" and one[0].session.group_id == "default"


def test_malformed_sessions_are_reported_with_file_and_line(tmp_path):
    good = json.dumps({"session_id": "a", "started_at": "2024-03-12T09:00:00Z"})
    unreadable = json.dumps({"session_id": "b", "started_at": "2024-13-45T09:00:00"})  # without an offset is UTC: fine
    p = write(tmp_path, "mixed.jsonl", good + "\n{not json\n" + unreadable + "\n")
    results = list(read_sessions(p))
    assert results[0].session is not None
    assert results[1].where.endswith("mixed.jsonl:2") and "invalid JSON" in results[1].error
    assert results[2].where.endswith("mixed.jsonl:3") and "cannot read '2024-13-45T09:00:00' as a time" in results[2].error


def test_plain_text_with_header_and_continuations(tmp_path):
    text = "# session_id: chat-7\n# started_at: 2024-03-12\nuser: I moved to Lisbon\nlast week.\nbot: Nice!\n"
    (r,) = read_sessions(write(tmp_path, "chat.txt", text))
    assert r.session.session_id == "chat-7"
    assert [t.text for t in r.session.turns] == ["I moved to Lisbon\nlast week.", "Nice!"]


def test_plain_text_needs_a_time(tmp_path):
    (r,) = read_sessions(write(tmp_path, "chat.txt", "user: hello\n"))
    assert "--session-time" in r.error


def test_oversized_turn_is_rejected_not_crashing(tmp_path):
    s = {"session_id": "a", "started_at": "2024-03-12T09:00:00Z", "turns": [{"speaker": "u", "text": "x" * 1_000_001}]}
    (r,) = read_sessions(write(tmp_path, "big.json", json.dumps(s)))
    assert r.session is None and "at most" in r.error
