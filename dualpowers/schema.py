"""Declarative shapes of the files a user hands in, checked before any rule is.

The JSON Schemas live in ``data/schema/`` (published as ``docs/schema/``):
``position.json``, ``game.json`` (a saved game) and ``components.json``.  They
are checked with the `jsonschema <https://python-jsonschema.readthedocs.io>`_
library; see docs/positions.md ("Why JSON Schema") for the choice.  This
module only loads them, tightens two JSON types to what the engine means, and
turns the first violation into a short message that names the field by its
JSON path and never quotes more than a few dozen characters of the input.

Decoding lives here too (:func:`decode_json`), so every reader refuses invalid
JSON, deep nesting and over-long integers the same way.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterable

from .errors import DualPowersError, brief

__all__ = ["SCHEMAS", "schema", "check", "decode_json", "json_path", "MAX_TEXT"]

#: The schemas shipped with the package (and published under docs/schema/).
SCHEMAS = ("position", "game", "components")
#: The longest text a reader accepts (a saved game of 5,000 actions is far below it).
MAX_TEXT = 2_000_000


def _is_integer(checker: Any, value: Any) -> bool:
    # JSON Schema counts 1.0 as an integer; the engine does not (a day is 12, not 12.0).
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(checker: Any, value: Any) -> bool:
    # NaN and infinities are not numbers a board can be drawn with.
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and (isinstance(value, int) or math.isfinite(value)))


if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError


@lru_cache(maxsize=None)
def _validator_class() -> Any:
    """The validator, built on first use: importing jsonschema takes most of a second (its
    format checkers), which every ``import dualpowers`` and every worker process of a
    simulation would otherwise pay whether or not it reads a file."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": _is_integer, "number": _is_number}),
    )


@lru_cache(maxsize=None)
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema called ``name`` (one of :data:`SCHEMAS`), as a dict."""
    text = resources.files("dualpowers").joinpath(f"data/schema/{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    s = schema(name)
    validator = _validator_class()
    validator.check_schema(s)
    return validator(s)


def json_path(parts: Iterable[Any]) -> str:
    """``$.regions.red[0].id`` for the path parts ``["regions", "red", 0, "id"]``."""
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            key = str(p)
            key = key if len(key) <= 30 else key[:26] + " ..."
            out += f".{key}" if key.replace("_", "").replace("-", "").isalnum() else f"[{key!r}]"
    return out


_TYPE_WORDS = {
    "object": "an object", "array": "a list", "string": "a text", "integer": "a whole number",
    "number": "a number", "boolean": "true or false", "null": "null",
}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return {dict: "an object", list: "a list", str: "a text", int: "a whole number",
            float: "a number with a fraction"}.get(type(value), type(value).__name__)


def _describe(err: ValidationError) -> str:
    """One sentence for the violation, quoting the input only through :func:`brief`."""
    v, inst, arg = err.validator, err.instance, err.validator_value
    if v == "type":
        wanted = [arg] if isinstance(arg, str) else list(arg)
        return f"must be {' or '.join(_TYPE_WORDS.get(w, w) for w in wanted)}, not {_kind(inst)}"
    if v == "enum":
        return f"must be one of {', '.join(map(str, arg))}; not {brief(inst, 30)}"
    if v == "const":
        return f"must be {arg!r}, not {brief(inst, 30)}"
    if v == "additionalProperties":
        known = sorted(err.schema.get("properties", {}))
        extra = sorted(str(k) for k in inst if k not in err.schema.get("properties", {})) if isinstance(inst, dict) else []
        names = ", ".join(brief(k, 24) for k in extra[:3]) + (" ..." if len(extra) > 3 else "")
        return f"has unknown field(s) {names}" + (f" (known: {', '.join(known)})" if known else "")
    if v == "required":
        missing = [k for k in arg if isinstance(inst, dict) and k not in inst]
        return f"lacks the field(s) {', '.join(missing)}"
    if v in ("minimum", "maximum"):
        return f"must be at {'least' if v == 'minimum' else 'most'} {arg}, not {brief(inst, 30)}"
    if v in ("minItems", "maxItems"):
        n = len(inst) if isinstance(inst, list) else "?"
        return f"must list {'at least' if v == 'minItems' else 'at most'} {arg} items, not {n}"
    if v == "maxProperties":
        return f"must have at most {arg} entries"
    if v in ("minLength", "maxLength"):
        return f"must be {'at least' if v == 'minLength' else 'at most'} {arg} characters long"
    if v == "pattern":
        what = err.schema.get("description") or f"text matching {arg}"
        return f"{brief(inst, 30)} is not allowed here (expected {what})"
    if v == "uniqueItems":
        return "lists the same value twice"
    if v in ("anyOf", "oneOf"):
        wanted: list[str] = []
        for sub in err.context or ():
            if sub.validator == "type" and not sub.relative_path:
                for w in [sub.validator_value] if isinstance(sub.validator_value, str) else sub.validator_value:
                    if w not in wanted:
                        wanted.append(w)
        if wanted and not isinstance(inst, (str, type(None))) or len(wanted) == len(err.context or ()):
            return f"must be {' or '.join(_TYPE_WORDS.get(w, w) for w in wanted)}, not {_kind(inst)}"
        return f"{brief(inst, 30)} has none of the allowed forms"
    return f"{brief(inst, 30)} is not valid ({v})"


#: How deep a file's data may nest (the schemas need 5 levels; a saved game's start position 7).
MAX_DEPTH = 24
#: Integers beyond 64 bits are never meaningful in these files.
MAX_INT = 2**63


def prescan(data: Any, error: type[DualPowersError], where: str = "") -> None:
    """Refuse what a schema check cannot even look at: deep nesting, giant integers, non-text keys.

    Iterative (no recursion), so it is safe on any input a caller can build.
    """
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise error(f"{where}{json_path(path[:MAX_DEPTH])} is nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise error(f"{where}{json_path(path)} has a key that is not text: {brief(k, 30)}")
                try:
                    k.encode("utf-8")
                except UnicodeEncodeError:
                    raise error(f"{where}{json_path(path)} has a key that is not valid Unicode text") from None
                stack.append((v, path + (k,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((v, path + (i,)) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value < MAX_INT:
            raise error(f"{where}{json_path(path)} is {brief(value)}, far beyond any value the game uses")
        elif isinstance(value, str):
            if len(value) > 10_000:
                raise error(f"{where}{json_path(path)} is a text of {len(value):,} characters, far too long")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:   # a lone surrogate, e.g. from the JSON escape "\ud800"
                raise error(f"{where}{json_path(path)} is not valid Unicode text (character {exc.start})") from None


def check(data: Any, name: str, error: type[DualPowersError], where: str = "",
          by_field: dict[str, type[DualPowersError]] | None = None) -> None:
    """Raise ``error`` naming the first field of ``data`` that breaks schema ``name``.

    ``by_field`` picks a more specific error class by the top-level field at fault
    (a bad ``date`` is an ``InvalidDate``).
    """
    prescan(data, error, where)
    try:
        from jsonschema.exceptions import best_match

        err = best_match(_validator(name).iter_errors(data))
    except RecursionError:
        raise error(f"{where}{'the data is nested too deeply'}") from None
    if err is None:
        return
    path = json_path(err.absolute_path)
    if by_field and err.absolute_path and err.absolute_path[0] in by_field:
        error = by_field[err.absolute_path[0]]
    if "propertyNames" in err.schema_path:
        raise error(f"{where}{path} has a key that is not a name: {brief(err.instance, 30)}")
    why = err.schema.get("description") if isinstance(err.schema, dict) and err.validator != "pattern" else None
    raise error(f"{where}{path} {_describe(err)}" + (f" ({why})" if why and len(why) < 160 else ""))


def decode_json(text: Any, error: type[DualPowersError], what: str = "the text") -> Any:
    """``json.loads`` that raises ``error`` for every way text can fail to be data.

    Bytes must be UTF-8; deep nesting, integers over Python's 4,300-digit limit and
    texts over :data:`MAX_TEXT` characters are refused with a short message.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what} is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise error(f"{what} must be text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise error(f"{what} is too long ({len(text):,} characters; at most {MAX_TEXT:,})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise error(f"{what} is nested too deeply to be a dualpowers file") from None
    except ValueError as exc:   # e.g. an integer over the 4,300-digit conversion limit
        if "digits" in str(exc):
            raise error(f"{what} holds a number too long to read (over 4,300 digits)") from None
        raise error(f"{what} is not usable JSON: {brief(str(exc), 120)}") from None
