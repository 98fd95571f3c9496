"""`python -m ultrajson`, used like `python -m json.tool`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

OBJ = {"b": [1, 2.5, None, True, {"d": "x", "c": []}], "a": "text"}
DOC = '{"b": [1, 2.5, null, true, {"d": "x", "c": []}],\n "a": "text"}\n'


def run(args, stdin=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "ultrajson", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=60,
    )


@pytest.fixture
def doc_file(tmp_path):
    path = tmp_path / "in.json"
    path.write_text(DOC, encoding="utf-8")
    return path


def test_file_default_layout(doc_file, tmp_path):
    # json.tool's default: 4 spaces per level.
    result = run([str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == json.dumps(OBJ, indent=4) + "\n"
    assert result.stderr == ""


def test_stdin_compact(tmp_path):
    result = run(["--compact"], stdin=DOC, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == json.dumps(OBJ, separators=(",", ":")) + "\n"


LAYOUTS = [[], ["--indent", "0"], ["--indent", "-2"], ["--indent", "3"], ["--tab"],
           ["--no-indent"], ["--compact"], ["--sort-keys"], ["--tab", "--sort-keys"],
           ["--no-ensure-ascii"], ["--compact", "--no-ensure-ascii", "--sort-keys"]]
NESTED = {"z": [1, {"b": [], "a": {}}, [[["deep"]]]], "é": "😀 /", "": None, "n": -0.0}


@pytest.mark.parametrize("options", LAYOUTS, ids=" ".join)
def test_layout_as_json_tool(tmp_path, options):
    doc = json.dumps(NESTED)
    ours = run(options, stdin=doc, cwd=tmp_path)
    theirs = subprocess.run([sys.executable, "-m", "json.tool", *options], input=doc,
                            capture_output=True, text=True, encoding="utf-8", check=True)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout


@pytest.mark.parametrize("options", [["--indent", "2", "--tab"], ["--compact", "--no-indent"],
                                     ["--indent", "x"]])
def test_conflicting_or_bad_layout_is_a_usage_error(tmp_path, options):
    result = run(options, stdin="[]", cwd=tmp_path)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert "Traceback" not in result.stderr


JSON_LINES = '{"a": [1, 2]}\n"x"\n\n  \r\n[]\r\n3'


@pytest.mark.parametrize("options", [["--compact"], ["--no-indent"], [], ["--sort-keys"]])
def test_json_lines_as_json_tool(tmp_path, options):
    ours = run(["--json-lines", *options], stdin=JSON_LINES, cwd=tmp_path)
    # json.tool fails on blank lines, which we skip: give it the input without them.
    without_blanks = "\n".join(line for line in JSON_LINES.split("\n") if line.strip())
    theirs = subprocess.run([sys.executable, "-m", "json.tool", "--json-lines", *options],
                            input=without_blanks, capture_output=True, text=True,
                            encoding="utf-8", check=True)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout


def test_json_lines_error_names_the_line(tmp_path):
    lines = ["[%d]" % i for i in range(999)] + ['{"a" 1}']
    result = run(["--json-lines"], stdin="\n".join(lines) + "\n", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("<stdin>:1000:6: "), result.stderr
    assert result.stdout == ""


def test_json_lines_output_reads_back(tmp_path):
    values = [{"k": [1, 2.5, None]}, "é", 2**70, [], {}]
    text = "".join(json.dumps(v) + "\n" for v in values)
    result = run(["--json-lines", "--compact", "--no-ensure-ascii"], stdin=text, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [json.loads(line) for line in result.stdout.splitlines()] == values


@pytest.mark.parametrize("indent", [1, 2, 4])
def test_indent(doc_file, tmp_path, indent):
    result = run(["--indent", str(indent), str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, indent=indent)


def test_sort_keys(doc_file, tmp_path):
    result = run(["--sort-keys", "--compact", str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(
        OBJ, separators=(",", ":"), sort_keys=True
    )


def test_indent_and_sort_keys_from_stdin(tmp_path):
    result = run(["--indent", "2", "--sort-keys"], stdin=DOC, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, indent=2, sort_keys=True)


def test_output_reads_back(tmp_path):
    obj = {"url": "http://x/y", "é": ["😀", "\u2028", 2**70, -0.0, 1e-05]}
    path = tmp_path / "u.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == obj


def test_scalar_document(tmp_path):
    result = run([], stdin=" 42 ", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "42"


def has_position(stderr: str, line: int, column: int) -> bool:
    """The error names its line and column: as json.tool ("line 1 column 5")
    or as compilers do ("<stdin>:1:5:")."""
    return f"line {line} column {column}" in stderr or f":{line}:{column}:" in stderr


@pytest.mark.parametrize(
    "doc,line,column,message",
    [
        ("[1] x", 1, 5, "Trailing data"),
        ('{"a": 1,\n "b": [1, @],\n  }', 2, 11, "Expected object or value"),
        ("", 1, 1, "Expected object or value"),
    ],
)
def test_invalid_json_from_stdin(tmp_path, doc, line, column, message):
    result = run([], stdin=doc, cwd=tmp_path)
    assert result.returncode == 1
    assert has_position(result.stderr, line, column), result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_invalid_json_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"a": [1, 2,\n  ]}', encoding="utf-8")
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 1
    assert has_position(result.stderr, 2, 3) or has_position(result.stderr, 1, 12), (
        result.stderr
    )
    assert result.stdout == ""


def test_invalid_utf8_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'["\xff"]')
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


def test_missing_file(tmp_path):
    result = run([str(tmp_path / "missing.json")], cwd=tmp_path)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


def test_help(tmp_path):
    result = run(["--help"], cwd=tmp_path)
    assert result.returncode == 0
    assert "--indent" in result.stdout
    assert "--sort-keys" in result.stdout


# I/O errors: each one line on standard error and status 1, as json.tool
# reports them, never a traceback (which names our internals, not the cause).


def assert_one_line_error(result, *words):
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_output_in_missing_folder(doc_file, tmp_path):
    out = tmp_path / "missing" / "out.json"
    result = run([str(doc_file), str(out)], cwd=tmp_path)
    assert_one_line_error(result, str(out), "No such file or directory")
    assert not out.exists()


def test_output_on_full_disk(doc_file, tmp_path):
    # /dev/full accepts open() and fails every write with ENOSPC.
    result = run([str(doc_file), "/dev/full"], cwd=tmp_path)
    assert_one_line_error(result, "/dev/full", "No space left on device")


def test_output_is_a_folder(doc_file, tmp_path):
    result = run([str(doc_file), str(tmp_path)], cwd=tmp_path)
    assert_one_line_error(result, str(tmp_path), "Is a directory")


def test_input_is_a_folder(tmp_path):
    result = run([str(tmp_path)], cwd=tmp_path)
    assert_one_line_error(result, str(tmp_path), "Is a directory")
    assert result.stdout == ""


def test_input_fails_to_read(tmp_path):
    # Opens fine, then read() fails with EIO: address 0 of a process is unmapped.
    result = run(["/proc/self/mem"], cwd=tmp_path)
    assert_one_line_error(result, "/proc/self/mem", "Input/output error")
    assert result.stdout == ""


def test_missing_input_is_one_line(tmp_path):
    missing = tmp_path / "missing.json"
    result = run([str(missing)], cwd=tmp_path)
    assert_one_line_error(result, str(missing), "No such file or directory")


def run_with_closed_fd(fd, args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "ultrajson", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(fd),
        check=False, text=True, cwd=cwd, timeout=60,
    )


def test_stdin_closed(tmp_path):
    result = run_with_closed_fd(0, [], tmp_path)
    assert_one_line_error(result, "<stdin>", "Bad file descriptor")


def test_stdout_closed(doc_file, tmp_path):
    result = run_with_closed_fd(1, [str(doc_file)], tmp_path)
    assert_one_line_error(result, "<stdout>", "Bad file descriptor")


def test_lone_surrogate_without_ensure_ascii(tmp_path):
    # dumps writes the surrogate as it is, which UTF-8 cannot hold: refused
    # in one line, never a partial file.
    source = tmp_path / "in.json"
    source.write_text('["\\ud800"]', encoding="ascii")
    out = tmp_path / "out.json"
    result = run(["--no-ensure-ascii", str(source), str(out)], cwd=tmp_path)
    assert result.returncode == 1
    assert_one_line_error(result, str(out), "surrogate")
    assert not out.exists()


def test_output_utf8_cannot_hold(tmp_path, monkeypatch, capsys):
    # In-process, with dumps made to return a lone surrogate unescaped (what
    # --no-ensure-ascii may give): one line, status 1, no partial file.
    from ultrajson import __main__ as cli

    source = tmp_path / "in.json"
    source.write_text("[1]", encoding="ascii")
    out = tmp_path / "out.json"
    monkeypatch.setattr(cli, "dumps", lambda *args, **kwargs: '["\ud800"]')
    assert cli.main([str(source), str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "surrogate" in err and str(out) in err, err
    assert not out.exists()


def unbuffered_env(unbuffered):
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "python-u"])
def test_stdout_pipe_without_reader(doc_file, tmp_path, unbuffered):
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write now fails with EPIPE
    try:
        result = subprocess.run(
            [sys.executable, "-m", "ultrajson", str(doc_file)],
            stdout=write_end, stderr=subprocess.PIPE, check=False, text=True,
            cwd=tmp_path, env=unbuffered_env(unbuffered), timeout=60,
        )
    finally:
        os.close(write_end)
    assert_one_line_error(result, "<stdout>", "Broken pipe")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "python-u"])
def test_stdout_reader_quits_early(tmp_path, unbuffered):
    # As `python -m ultrajson big.json | head -c 10`: the output is far larger
    # than a pipe's buffer, so the writer is still writing when the reader goes.
    # Under python -u a raw write takes part of the data and the text layer
    # used to drop the rest: exit status 0 with the output cut short.
    big = tmp_path / "big.json"
    big.write_text(json.dumps(list(range(200_000))), encoding="ascii")
    child = subprocess.Popen(
        [sys.executable, "-m", "ultrajson", "--indent", "2", str(big)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
        env=unbuffered_env(unbuffered),
    )
    assert child.stdout.read(10) == b"[\n  0,\n  1"
    child.stdout.close()
    stderr = child.stderr.read().decode()
    child.stderr.close()
    returncode = child.wait(timeout=60)
    assert returncode == 1, stderr
    assert stderr.splitlines() == ["<stdout>: Broken pipe"], stderr


def wait_until_reading_a_pipe(pid, timeout=30.0):
    """Wait until the process sleeps in a pipe read: its stdin, as only the
    CLI's own read takes input from a pipe (start-up reads files)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/wchan", encoding="ascii") as wchan:
            if wchan.read().endswith("pipe_read"):  # anon_pipe_read on newer kernels
                return
        time.sleep(0.01)
    raise AssertionError("the child never waited on its stdin")


def test_interrupt_while_reading(tmp_path):
    child = subprocess.Popen(
        [sys.executable, "-m", "ultrajson"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
    )
    try:
        wait_until_reading_a_pipe(child.pid)
        child.send_signal(signal.SIGINT)
        # stdin stays open until the child has ended: closing it at once (as
        # communicate() does) races the signal on a loaded machine, and the
        # child may read end of file before it runs its handler.
        child.wait(timeout=60)
        stdout, stderr = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 1, stderr
    assert stderr.decode().splitlines() == ["python -m ultrajson: interrupted"]
    assert stdout == b""


def test_interrupt_while_writing(doc_file, monkeypatch, capsys):
    # In-process: the interrupt lands in the output write, after the input.
    from ultrajson import __main__ as cli

    def interrupted(output):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "write_stdout", interrupted)
    assert cli.main([str(doc_file)]) == 1
    assert capsys.readouterr().err == "python -m ultrajson: interrupted\n"
