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
exits with 2.
"""

from __future__ import annotations

import argparse
import json
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
    findings = check_documents(args.document)
    if args.json:
        json.dump([f.to_dict() for f in findings], sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(format_table(findings))
    return 0


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess in the tests
    sys.exit(main())
