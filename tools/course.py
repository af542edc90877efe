"""What the teacher's tools need to know about the course: its notebooks and exercises.

The exercises are data in the package (``teachkit.course.exercises``, one module
per notebook, see the exercise contract in the README); their independent,
hand-derived answers are the pins in ``tests/exercise_pins/nbXX.py``.  The
release, grading and book tools all read them through this module, so the
rules "which cell is an exercise", "which cell is a solution" and "what is
the right answer" live in one place.

Cells (set by the notebooks, read here):

* an exercise cell is a code cell tagged ``exercise`` (its source calls
  ``ask("XX.n")``): the question and the self-check box;
* a solution cell is a code cell tagged ``solution`` (its source calls
  ``reveal("XX.n")``): the "show solution" control;
* an answer cell (tagged ``answer``) is what the student release adds after
  each exercise cell: one line ``answer_XX_n = ""`` that the student fills in
  and the grader reads.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import importlib.util
import pathlib
import re
import secrets
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import students  # noqa: E402  (tools/ is on the path when the tools run as scripts)

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PINS = ROOT / "tests" / "exercise_pins"

EXERCISE_TAG = "exercise"
SOLUTION_TAG = "solution"
ANSWER_TAG = "answer"
ASK_CALL = re.compile(r"""\bask\(\s*["']([0-9A-Za-z]+\.[0-9A-Za-z]+)["']""")
REVEAL_CALL = re.compile(r"""\breveal\(\s*["']([0-9A-Za-z]+\.[0-9A-Za-z]+)["']""")


def source(cell) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def is_exercise_cell(cell) -> bool:
    return cell.get("cell_type") == "code" and (EXERCISE_TAG in tags(cell) or bool(ASK_CALL.search(source(cell))))


def is_solution_cell(cell) -> bool:
    # A cell is a solution cell by its tag or by what it calls: either alone is
    # enough to drop it from the student release (a forgotten tag must not leak).
    return SOLUTION_TAG in tags(cell) or (cell.get("cell_type") == "code" and bool(REVEAL_CALL.search(source(cell))))


def exercise_key(cell) -> str | None:
    match = ASK_CALL.search(source(cell))
    return match.group(1) if match else None


def answer_variable(key: str) -> str:
    """The name a student's answer to exercise ``key`` is stored under.

    >>> answer_variable("04b.2")
    'answer_04b_2'
    """
    return "answer_" + re.sub(r"\W", "_", key)


def notebook_prefix(path) -> str:
    """``notebooks/04b_ngram.ipynb`` -> ``"04b"`` (the part before the first underscore).

    >>> notebook_prefix("notebooks/04b_ngram.ipynb")
    '04b'
    """
    return pathlib.Path(path).stem.split("_", 1)[0]


# ------------------------------------------------------------------ exercises
def all_exercises() -> list:
    """Every exercise declared in ``teachkit.course.exercises``, in course order."""
    from teachkit.course.exercises import all_exercises as registered

    return list(registered())


def exercises_for(prefix: str) -> list:
    """The exercises of one notebook, by its prefix ("01", "04b")."""
    return [ex for ex in all_exercises() if ex.key.split(".", 1)[0] == prefix]


def kind(ex) -> str:
    """"number", "prediction", "function" or "interpretation" (the framework's four kinds)."""
    return getattr(ex, "kind", "number")


def function_name(ex) -> str | None:
    """The name of the function a "write it yourself" exercise asks for (from its template)."""
    match = re.search(r"^def\s+([A-Za-z_]\w*)\s*\(", getattr(ex, "template", "") or "", re.MULTILINE)
    return match.group(1) if match else None


def solution_text(ex) -> str:
    """The solution exactly as ``reveal`` shows it (format fields filled in)."""
    return ex.render_solution()


def _pin_module(prefix: str):
    # the pin file runs once per notebook prefix: PINS and PIN_FUNCTIONS come from the same module object
    path = PINS / f"nb{prefix}.py"
    if not path.is_file():
        return None
    if prefix not in _PIN_MODULES:
        spec = importlib.util.spec_from_file_location(f"_exercise_pins_nb{prefix}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _PIN_MODULES[prefix] = module
    return _PIN_MODULES[prefix]


_PIN_MODULES: dict = {}


def pins(prefix: str) -> dict:
    """The hand-derived answers of one notebook: ``tests/exercise_pins/nbXX.py``'s ``PINS``."""
    module = _pin_module(prefix)
    return dict(module.PINS) if module is not None else {}


def pin_functions(prefix: str) -> dict:
    """The hand-written answer of every variant: ``tests/exercise_pins/nbXX.py``'s ``PIN_FUNCTIONS``."""
    module = _pin_module(prefix)
    return dict(getattr(module, "PIN_FUNCTIONS", {})) if module is not None else {}


# ---------------------------------------------------------------- a class where copying does not pay
#: A student id becomes a folder name of the release and of the submissions: letters, digits, . _ - @ +.
STUDENT_ID = students.SAFE_ID
#: The smallest course secret accepted, in hex digits: 128 bits, too many to guess from the seeds.
MIN_SECRET = 32
#: More than a secret file holds (make release writes 65 bytes): a larger file is not a secret.
MAX_SECRET_BYTES = 4096


#: Beside ``seeds.csv`` in ``release/teacher/``: the hash of the secret that made it (never the secret itself).
SECRET_HASH_FILE = "seeds.secret-sha256"


def secret_hash(secret: str) -> str:
    """A hash that names a course secret without revealing it (SHA-256 of a label and the secret)."""
    import hashlib

    return hashlib.sha256(b"teachkit course secret\0" + secret.strip().lower().encode("ascii")).hexdigest()


def read_secret(path, create: bool = False) -> str:
    """The course secret kept in ``path`` (created, 64 random hex digits, when ``create`` and it is missing).

    The secret turns a student id into that student's seed (:func:`student_seed`): whoever has it can compute
    every student's numbers, so the teacher keeps it, out of the release and out of git.  A secret is hex
    digits, at least :data:`MIN_SECRET` of them (128 bits), and not one character repeated: anything weaker,
    a folder, or a file that is not text is refused with a SystemExit saying what to do.
    """
    path = pathlib.Path(path)
    if path.is_dir():
        raise SystemExit(f"SECRET={path} is a folder; give the file that holds the course secret "
                         f"(e.g. SECRET={path / 'course-secret.txt'}).")
    if not path.exists():
        if not create:
            raise SystemExit(f"SECRET={path} does not exist; give the file make release wrote when it handed out "
                             "the class's variants (without it no student's numbers can be recomputed).")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32) + "\n", encoding="utf-8")
        path.chmod(0o600)
        print(f"release: a new course secret is in {path}: keep it (make grade needs it) and never hand it out.")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_SECRET_BYTES + 1)
        text = raw.decode("ascii").strip()
    except UnicodeDecodeError:
        raise SystemExit(f"SECRET={path} is not a text file (a course secret is one line of hex digits); "
                         "give the file make release wrote.") from None
    except OSError as err:
        raise SystemExit(f"SECRET={path} cannot be read ({err.strerror}).") from None
    if len(raw) > MAX_SECRET_BYTES or not re.fullmatch(r"[0-9A-Fa-f]+", text):
        raise SystemExit(f"SECRET={path} does not hold a course secret (one line of hex digits, as make release "
                         "writes it); give the right file, or move it away to have make release write a new one "
                         "before a new class release.")
    if len(text) < MIN_SECRET or len(set(text.lower())) == 1:
        raise SystemExit(f"SECRET={path} holds a weak secret ({len(text)} hex digits"
                         f"{', one character repeated' if len(set(text.lower())) == 1 else ''}): a course secret "
                         f"needs at least {MIN_SECRET} random hex digits (128 bits), or a student could guess it "
                         "and compute every classmate's numbers. Move it away to have make release write a new "
                         "one (python -c 'import secrets; print(secrets.token_hex(32))' makes one).")
    return text


def check_student_id(student: str) -> str:
    """``student`` in its one spelling (:func:`students.normalise`) if it can name a folder, else SystemExit."""
    why = students.problem(student)
    if why is not None:
        raise SystemExit(f"student id {student!r} cannot name a folder: it {why} (it names the student's release "
                         "folder and their submission folder).")
    return students.normalise(student)


#: The rounds of the keyed permutation of :func:`student_seed` (Luby and Rackoff: four make a keyed
#: permutation indistinguishable from a random one; eight leave a margin, and cost microseconds).
SEED_ROUNDS = 8
#: The longest id (in UTF-8 bytes) that gets a seed: its seed then stays below 2**8192 (see check_seed).
MAX_ID_BYTES = 1000


def _round_function(key: bytes, length: int, round_: int, half: int, bits: int) -> int:
    # HMAC-SHA256 in counter mode, cut to ``bits`` bits: a pseudo-random function of the right half
    # under the secret, as wide as the half it is XORed into (ids longer than 64 bytes need several blocks)
    message = f"teachkit-seed:{length}:{round_}:".encode() + half.to_bytes((bits + 7) // 8, "big")
    stream = b"".join(hmac.new(key, message + counter.to_bytes(4, "big"), hashlib.sha256).digest()
                      for counter in range((bits + 255) // 256))
    return int.from_bytes(stream, "big") >> (8 * len(stream) - bits)


def student_seed(secret: str, student: str) -> int:
    """The seed of ``student``'s variants: a keyed permutation of the id's bytes, so no two ids share one.

    The id in its one spelling (:func:`students.normalise`: Unicode NFC, lower case, so that a folder named
    in NFD by a macOS zip, or capitalised, is the same student), as UTF-8 (``n`` bytes), is read as an
    integer ``x`` of ``8n`` bits, and ``x`` goes
    through a Feistel network of :data:`SEED_ROUNDS` rounds over those bits: split into halves ``L, R`` of
    ``4n`` bits, each round maps ``(L, R)`` to ``(R, L XOR F_i(R))``, where ``F_i`` is HMAC-SHA256 under the
    course secret.  The seed is that permuted integer plus ``(256**n - 1) / 255``, the number of byte
    strings shorter than ``n`` bytes.

    **Why two students never share a seed** (for any class size, whatever the secret): a Feistel round is
    a bijection whatever ``F_i`` is (it is undone by ``(L, R) = (R' XOR F_i(L'), L')``), so the network
    permutes the ``256**n`` ids of ``n`` bytes among ``[0, 256**n)``; the offset moves the ids of each
    length into their own range ``[(256**n - 1)/255, (256**(n+1) - 1)/255)``, and these ranges do not
    overlap.  Two different ids (once normalised) therefore get different seeds:
    uniqueness is a property of the construction, not a probability.  The seed is at least 1 (0 is the
    exercise as written).

    **Why a classmate's seed cannot be computed**: without the secret ``F_i`` is unknown, and a keyed
    Feistel network with a pseudo-random round function is a pseudo-random permutation (Luby and Rackoff
    1988), so one's own seed says nothing about another id's; the seed shows only the id's length.  With
    the secret, the grader recomputes every student's seed from the folder name alone (a seed written in a
    submission is never trusted).

    >>> student_seed("0" * 64, "ada"), student_seed("0" * 64, "ada") == student_seed("1" * 64, "ada")
    (10656431, False)
    """
    if not isinstance(student, str) or not students.normalise(student):
        raise ValueError(f"student must be a non-empty id, got {student!r:.40}.")
    data = students.normalise(student).encode("utf-8")
    if len(data) > MAX_ID_BYTES:
        raise ValueError(f"student id {student[:40]!r}... is {len(data)} bytes long; ids of at most "
                         f"{MAX_ID_BYTES} bytes get a seed.")
    n, key = len(data), secret.encode()
    bits = 4 * n
    mask = (1 << bits) - 1
    left, right = int.from_bytes(data, "big") >> bits, int.from_bytes(data, "big") & mask
    for round_ in range(SEED_ROUNDS):
        left, right = right, left ^ _round_function(key, n, round_, right, bits)
    return (256 ** n - 1) // 255 + ((left << bits) | right)


def seed_student(secret: str, seed: int, length: int) -> str:
    """The id whose seed is ``seed`` (:func:`student_seed` undone: the Feistel rounds run backwards).

    The inverse is what proves the seed a bijection of the id; the teacher (with the secret) can also
    read which id a seed written in a notebook belongs to.  ``length`` is the id's length in UTF-8 bytes.
    """
    key, bits = secret.encode(), 4 * length
    x = seed - (256 ** length - 1) // 255
    if not 0 <= x < 256 ** length:
        raise ValueError(f"seed {seed} is not the seed of an id of {length} bytes.")
    mask = (1 << bits) - 1
    left, right = x >> bits, x & mask
    for round_ in reversed(range(SEED_ROUNDS)):
        left, right = right ^ _round_function(key, length, round_, left, bits), left
    return ((left << bits) | right).to_bytes(length, "big").decode("utf-8")


#: The seed of the inputs drawn at grading time when no course secret is given: new in every grading run.
_RUN_SEED = secrets.randbits(128)


def grading_cases(ex, secret: str | None = None) -> list[dict]:
    """The inputs a student's function of exercise ``ex`` is graded on: the shipped ones, then fresh ones.

    First ``ex.cases()``, the inputs the self-check box uses (a function that passes there has nothing to
    fear); then as many again drawn with a seed nobody can read in advance: HMAC-SHA256 of the exercise's
    key under the course secret (the same for every student and every run of the grader), or, without a
    secret, a seed drawn when the grader starts (the same for every student of that run).  A table of
    answers to the shipped inputs passes the first part and fails the second.
    """
    if secret is None:
        seed = _RUN_SEED
    else:
        digest = hmac.new(secret.encode(), f"teachkit-cases:{ex.key}".encode(), hashlib.sha256).digest()
        seed = int.from_bytes(digest, "big")
    return ex.cases() + ex.cases(seed)


def notebooks() -> list[pathlib.Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))
