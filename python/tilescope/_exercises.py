"""Exercises from Python: ``ts.exercises()`` is ``tilescope exercise list``, ``ts.exercise(id, seed)``
is ``exercise show``, its ``.check(answer)`` is ``exercise check`` and its ``.answer()`` is ``exercise
answer``: the records those commands print with ``--json``, the truth worked out by the pattern's own
C++ (its geometry, count, model, emulation or counters; an exercise file never holds an answer)."""

import json
import operator
import os

import numpy as np

from . import _tilescope

_INT64 = (-(1 << 63), (1 << 63) - 1)


def _bank(bank):
    # None: the command's default ($TILESCOPE_EXERCISES, else the source tree's assets/exercises).
    return "" if bank is None else os.fspath(bank)


def _seed(seed):
    try:
        if isinstance(seed, bool):
            raise TypeError
        value = operator.index(seed)
    except TypeError:
        raise ValueError("seed must be an integer (a student number), not %r" % (seed,)) from None
    if not _INT64[0] <= value <= _INT64[1]:
        raise ValueError("seed %d is out of range: a seed is a 64-bit integer" % value)
    return value


def _plain(value):
    # NumPy's numbers and arrays as JSON's (json.dumps asks for what it cannot write itself).
    if isinstance(value, (np.generic, np.ndarray)):
        return value.tolist()
    raise TypeError


def _answer_json(answer):
    # A number, a name, or a place (a list of integers), as JSON: the command reads it as --answer.
    try:
        return json.dumps(answer, allow_nan=False, default=_plain)
    except (TypeError, ValueError):
        raise ValueError("answer must be a number, a name or a list of integers") from None


def exercises(pattern=None, bank=None):
    """``tilescope exercise list --json``: a list of dicts (id, pattern, kind, title, chapter,
    quantity), of one pattern where ``pattern`` is given. ``bank``: a folder of exercise files."""
    return json.loads(_tilescope.exercise_list(_bank(bank), pattern or ""))


class Verdict(dict):
    """``tilescope exercise check --json``'s record: answer, truth, right, why (where it went wrong),
    how (what the tool computed). True when the answer is right."""

    def __bool__(self):
        return bool(self["right"])


class Exercise:
    """One exercise at one seed, as ``tilescope exercise show --json`` has it: ``id``, ``seed``,
    ``title``, ``question`` (the text at the seed's parameters), ``kind``, ``pattern``, ``chapter``,
    ``quantity``, ``params``, ``answer_form``, and ``unit`` and ``options`` (None where it has none).
    ``record`` is the whole dict."""

    def __init__(self, record, bank):
        self.record = record
        self.unit = self.options = None
        self.__dict__.update(record)
        self._bank = bank

    def __repr__(self):
        return "%s, seed %d: %s" % (self.id, self.seed, self.question)

    def check(self, answer):
        """Grades ``answer`` (a number, an option's name, or a place as a list of integers) as
        ``tilescope exercise check`` does: a ``Verdict``. A malformed answer raises ValueError; an
        exercise that needs a GPU where there is none raises RuntimeError saying why."""
        return Verdict(json.loads(_tilescope.exercise_check(self._bank, self.id, self.seed, _answer_json(answer))))

    def answer(self):
        """``tilescope exercise answer --json``: a dict of the answer (as the tool prints it), how
        the tool computes it, the figures a choice is made by, and the parameters."""
        return json.loads(_tilescope.exercise_answer(self._bank, self.id, self.seed))


def exercise(id, seed, bank=None):
    """The exercise ``id`` (``exercises()`` lists them) at the parameters ``seed`` draws (a student
    number): an ``Exercise``. An unknown id or a seed that is not an integer raises ValueError."""
    bank = _bank(bank)
    return Exercise(json.loads(_tilescope.exercise_show(bank, str(id), _seed(seed))), bank)
