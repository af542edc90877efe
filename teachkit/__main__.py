"""Command line: ``python -m teachkit check`` (also the ``teachkit`` console script).

Recomputes every number the four source documents print (see
:mod:`teachkit.documents.catalogue` and :mod:`teachkit.documents.check`) and prints, per document, a
table of location, quantity, printed value, recomputed value, verdict and a
one-line reason, then a summary line with the count of each verdict.

    teachkit check                  # every document
    teachkit check --document 004   # one document (any unambiguous file-name prefix)
    teachkit check --json           # a JSON list of findings

The exit status is 0 whatever the verdicts: the documents' mistakes are
findings, not failures.  A usage error (unknown or ambiguous ``--document``)
exits with 2.  Output that cannot be written (standard output closed, a full
disk) exits with 1 and says why on standard error; a reader that stops early
(``teachkit check | head``) ends it quietly, with 1.  Characters the output's
encoding lacks (``PYTHONIOENCODING=ascii``) are written as ``\u2014`` escapes
in JSON, which stays exact, and as ``?`` in the table, with a note.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="teachkit", description="Helpers for the course on evaluating NLP models.")
    sub = parser.add_subparsers(dest="command", metavar="command")
    check = sub.add_parser("check", help="recompute every hand calculation of the source documents",
                           description="Recompute every number the source documents print and judge it: "
                                       "holds, rounding, convention, wrong or uncheckable.")
    check.add_argument("--document", metavar="PREFIX",
                       help="only this document: any unambiguous beginning of its file name, e.g. 004")
    check.add_argument("--json", action="store_true", help="print a JSON list of findings instead of a table")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status (0, or 2 for a usage error)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command != "check":
        parser.print_help()
        return 0 if args.command is None and argv == [] else 2
    from .documents.check import check_documents, format_table, resolve_document

    if args.document is not None:
        try:
            resolve_document(args.document)
        except ValueError as err:
            print(f"teachkit check: error: --document: {err}", file=sys.stderr)
            return 2
    if sys.stdout is None:                       # started with standard output closed (`>&-`, pythonw)
        _error("standard output is closed, so there is nowhere to write the findings; run it with an open "
               "output, e.g. teachkit check > findings.txt")
        return 1
    findings = check_documents(args.document)
    if args.json:
        text = json.dumps([f.to_dict() for f in findings], ensure_ascii=not _encodes(sys.stdout), indent=1)
    else:
        text = format_table(findings)
        if not _encodes(sys.stdout, text):
            encoding = getattr(sys.stdout, "encoding", None)
            text = text.encode(encoding, errors="replace").decode(encoding)
            _error(f"note: the output's encoding ({encoding}) lacks some characters of the documents' titles and "
                   "quantities; they are shown as '?'. Set PYTHONIOENCODING=utf-8, or use --json.")
    return _write(text + "\n")


def _encodes(stream, text="\u2014\u00e7\u03c1\u2248"):
    """Whether ``stream``'s encoding can write ``text`` (by default, characters the findings hold)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _write(text):
    """Write ``text`` to standard output; the exit status (0, or 1 when it cannot be written)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (| head): not an error to report.  Standard output is pointed at
        # devnull so that Python's own flush at exit does not fail again.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except OSError as err:
        _error(f"cannot write the findings to standard output: {err.strerror or err}")
        return 1
    return 0


def _error(message):
    if sys.stderr is not None:
        print(f"teachkit check: {message}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess in the tests
    sys.exit(main())
