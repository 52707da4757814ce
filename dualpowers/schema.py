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
from .text import N_, NN_, Message, Quantity, plural

__all__ = ["SCHEMAS", "schema", "check", "decode_json", "json_path", "MAX_TEXT", "THE_POSITION", "THE_SAVED_GAME"]

#: The schemas shipped with the package (and published under docs/schema/).
SCHEMAS = ("position", "game", "components", "progress", "tutorial", "course")
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


#: Modules that ``import jsonschema`` loads only for its checkers of the ``format`` keyword
#: (jsonschema/_format.py), which the package's schemas never use (tests/test_schema_import.py
#: checks that): the IRI checker's ``rfc3987_syntax`` builds a lark grammar at import, about
#: 1.5 s of the 1.7 s that ``import jsonschema`` took; the others a tenth of a second together.
_FORMAT_ONLY_MODULES = ("rfc3987_syntax", "rfc3987", "rfc3986_validator", "rfc3339_validator", "fqdn", "idna",
                        "webcolors", "jsonpointer", "uri_template", "isoduration")


def _import_jsonschema() -> Any:
    """``import jsonschema`` without the modules of :data:`_FORMAT_ONLY_MODULES`.

    jsonschema imports its optional format checkers when it is first imported, each inside
    ``suppress(ImportError)``; a module that is ``None`` in ``sys.modules`` for the moment of
    that import is skipped (its formats, such as "iri" or "email", are then not checked by
    jsonschema's ``FormatChecker``: no validator of this package uses one, see
    :func:`_validator_class`).
    Nothing changes when jsonschema was imported before, or when one of those modules was
    imported before; the modules stay importable afterwards."""
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    blocked = [m for m in _FORMAT_ONLY_MODULES if m not in sys.modules]
    for m in blocked:
        sys.modules[m] = None  # type: ignore[assignment]  # None blocks an import (see the docstring)
    try:
        import jsonschema
    finally:
        for m in blocked:
            if sys.modules.get(m, "") is None:
                del sys.modules[m]
    return jsonschema


@lru_cache(maxsize=None)
def _validator_class() -> Any:
    """The validator, built on first use: importing jsonschema takes a few tenths of a
    second, which every ``import dualpowers`` and every worker process of a simulation
    would otherwise pay whether or not it reads a file.

    The validator checks no ``format`` keyword (``format_checker`` stays ``None``, the
    annotation-only behaviour of draft 2020-12); the package's schemas use none."""
    _import_jsonschema()
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


def _inlined(s: dict[str, object]) -> dict[str, object]:
    """``s`` with each ``{"$ref": "#/$defs/name"}`` (a reference and nothing beside it) replaced by
    the definition it names, except where that definition refers back to itself (those references
    and ``$defs`` stay).  The same checks: jsonschema looked each reference up again at every use,
    which was half the time of checking a position (3.4 ms, 1.7 ms inlined)."""
    found = s.get("$defs")
    defs: dict[str, object] = found if isinstance(found, dict) else {}

    def inline(node: object, within: tuple[str, ...]) -> object:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if len(node) == 1 and isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref[len("#/$defs/"):]
                if name in defs and name not in within:
                    return inline(defs[name], within + (name,))
                return node
            return {k: (v if k == "$defs" else inline(v, within)) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v, within) for v in node]
        return node

    return {k: (v if k == "$defs" else inline(v, ())) for k, v in s.items()}


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    s = schema(name)
    validator = _validator_class()
    validator.check_schema(s)
    return validator(_inlined(s))


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


#: The data as a whole, where an error names the part at fault (``$`` in JSONPath).
THE_DATA = N_("the data as a whole")

#: What a reader is reading, for :func:`decode_json`'s messages ({what}).
THE_POSITION = N_("the position")
THE_SAVED_GAME = N_("the saved game")

_TYPE_WORDS = {
    "object": N_("an object"), "array": N_("a list"), "string": N_("a text"), "integer": N_("a whole number"),
    "number": N_("a number"), "boolean": N_("true or false"), "null": N_("null"),
}


def json_kind(value: Any) -> Message:
    """What kind of JSON value ``value`` is, in words for a reader ("a list", "a text"), for a
    refusal that says what was found instead ("a position must be a JSON object, not a list"):
    never Python's type name ("list"), which a French or Italian sentence cannot take."""
    if value is None:
        return Message(N_("null"))
    if isinstance(value, bool):
        return Message(N_("true/false"))
    if isinstance(value, float) and not math.isfinite(value):
        return Message(N_("{value}"), value=repr(value))
    words = {dict: N_("an object"), list: N_("a list"), str: N_("a text"), int: N_("a whole number"),
             float: N_("a number with a fraction")}
    word = words.get(type(value))
    return Message(word) if word else Message(N_("{value}"), value=type(value).__name__)



def _types(wanted: Iterable[str]) -> Message:
    """"a text or null": the JSON types a field may have, joined by "or"."""
    out: Message | None = None
    for w in wanted:
        word = Message(_TYPE_WORDS[w]) if w in _TYPE_WORDS else Message(N_("{value}"), value=w)
        out = word if out is None else Message(N_("{first} or {second}"), first=out, second=word)
    return out or Message(N_("{value}"), value="?")


def _describe(err: ValidationError) -> Message:
    """One sentence for the violation, quoting the input only through :func:`brief`."""
    v, inst, arg = err.validator, err.instance, err.validator_value
    if v == "type":
        wanted = [arg] if isinstance(arg, str) else list(arg)
        if "integer" in wanted and isinstance(inst, float) and inst.is_integer():
            # 1.0 and 1E2 are whole numbers to JSON Schema, not to the engine: say why it is refused
            return Message(N_("must be a whole number written in digits only (such as {example}), not {value}"),
                           example=int(inst), value=brief(inst, 30))
        return Message(N_("must be {wanted}, not {got}"), wanted=_types(wanted), got=json_kind(inst))
    if v == "enum":
        return Message(N_("must be one of {known}; not {value}"), known=", ".join(map(str, arg)), value=brief(inst, 30))
    if v == "const":
        return Message(N_("must be {wanted}, not {value}"), wanted=repr(arg), value=brief(inst, 30))
    if v == "additionalProperties":
        known = sorted(err.schema.get("properties", {}))
        extra = sorted(str(k) for k in inst if k not in err.schema.get("properties", {})) if isinstance(inst, dict) else []
        fields = ", ".join(brief(k, 24) for k in extra[:3]) + (" ..." if len(extra) > 3 else "")
        if known:
            return plural(NN_("has an unknown field {fields} (known: {known})",
                              "has unknown fields {fields} (known: {known})"), len(extra), fields=fields,
                          known=", ".join(known))
        return plural(NN_("has an unknown field {fields}", "has unknown fields {fields}"), len(extra), fields=fields)
    if v == "required":
        missing = [k for k in arg if isinstance(inst, dict) and k not in inst]
        return plural(NN_("lacks the field {fields}", "lacks the fields {fields}"), len(missing),
                      fields=", ".join(missing))
    if v in ("minimum", "maximum"):
        return Message(N_("must be at least {limit}, not {value}") if v == "minimum"
                       else N_("must be at most {limit}, not {value}"), limit=arg, value=brief(inst, 30))
    if v in ("minItems", "maxItems"):
        n = len(inst) if isinstance(inst, list) else "?"
        return Message(N_("must list at least {limit} items, not {n}") if v == "minItems"
                       else N_("must list at most {limit} items, not {n}"), limit=arg, n=n)
    if v == "maxProperties":
        return Message(N_("must have at most {limit} entries"), limit=arg)
    if v in ("minLength", "maxLength"):
        return Message(N_("must be at least {limit} characters long") if v == "minLength"
                       else N_("must be at most {limit} characters long"), limit=arg)
    if v == "pattern":
        what = err.schema.get("description")
        if what:
            return Message(N_("{value} is not allowed here (expected {what})"), value=brief(inst, 30),
                           what=Message(what) if "{" not in what else what)
        return Message(N_("{value} is not allowed here (expected text matching {pattern})"), value=brief(inst, 30),
                       pattern=arg)
    if v == "uniqueItems":
        return Message(N_("lists the same value twice"))
    if v in ("anyOf", "oneOf"):
        types: list[str] = []
        for sub in err.context or ():
            if sub.validator == "type" and not sub.relative_path:
                for w in [sub.validator_value] if isinstance(sub.validator_value, str) else sub.validator_value:
                    if w not in types:
                        types.append(w)
        if types and not isinstance(inst, (str, type(None))) or len(types) == len(err.context or ()):
            return Message(N_("must be {wanted}, not {got}"), wanted=_types(types), got=json_kind(inst))
        return Message(N_("{value} has none of the allowed forms"), value=brief(inst, 30))
    return Message(N_("{value} is not valid ({rule})"), value=brief(inst, 30), rule=v)


#: A schema's description of a field shorter than this is quoted after an error about the
#: field; these descriptions are in the catalogs (``i18n_extract.schema_descriptions``).
DESCRIPTION_QUOTED = 160
#: How deep a file's data may nest (the schemas need 5 levels; a saved game's start position 7).
MAX_DEPTH = 24
#: Integers beyond 64 bits are never meaningful in these files.
MAX_INT = 2**63


def prescan(data: Any, error: type[DualPowersError], where: str | Message = "") -> None:
    """Refuse what a schema check cannot even look at: deep nesting, giant integers, numbers that
    are not finite (JSON's ``NaN``, ``Infinity``, ``1e400``), over-long texts, non-text keys.

    Iterative (no recursion), so it is safe on any input a caller can build.
    """
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise error(Message(N_("{where}{path} is nested too deeply (more than {n} levels)"), where=where,
                                path=json_path(path[:MAX_DEPTH]), n=MAX_DEPTH))
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise error(Message(N_("{where}{path} has a key that is not text: {value}"), where=where,
                                        path=json_path(path), value=brief(k, 30)))
                try:
                    k.encode("utf-8")
                except UnicodeEncodeError:
                    raise error(Message(N_("{where}{path} has a key that is not valid Unicode text"), where=where,
                                        path=json_path(path))) from None
                stack.append((v, path + (k,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((v, path + (i,)) for i, v in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):   # NaN, Infinity, 1e400
            raise error(Message(N_("{where}{path} {why}"), where=where, path=json_path(path),
                                why=Message(N_("must be {wanted}, not {got}"), wanted=Message(N_("a number")),
                                            got=json_kind(value))))
        elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value < MAX_INT:
            raise error(Message(N_("{where}{path} is {value}, far beyond any value the game uses"), where=where,
                                path=json_path(path), value=brief(value)))
        elif isinstance(value, str):
            if len(value) > 10_000:
                raise error(Message(N_("{where}{path} is a text of {n} characters, far too long"), where=where,
                                    path=json_path(path), n=Quantity(len(value))))
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:   # a lone surrogate, e.g. from the JSON escape "\ud800"
                raise error(Message(N_("{where}{path} is not valid Unicode text (character {n})"), where=where,
                                    path=json_path(path), n=exc.start)) from None


def check(data: Any, name: str, error: type[DualPowersError], where: str | Message = "",
          by_field: dict[str, type[DualPowersError]] | None = None) -> None:
    """Raise ``error`` naming the first field of ``data`` that breaks schema ``name``.

    ``by_field`` picks a more specific error class by the top-level field at fault
    (a bad ``date`` is an ``InvalidDate``).
    """
    prescan(data, error, where)
    try:
        validator = _validator(name)
        from jsonschema.exceptions import best_match

        err = best_match(validator.iter_errors(data))
    except RecursionError:
        raise error(Message(N_("{where}the data is nested too deeply"), where=where)) from None
    if err is None:
        return
    path: str | Message = json_path(err.absolute_path)
    if not err.absolute_path:
        # The data as a whole is named in words, never "$" (a reader does not know JSONPath):
        # "the saved game: the field version is missing", "... : the data must be an object".
        reason = _describe(err)
        if err.validator == "required" and isinstance(reason, Message):
            raise error(plural(NN_("{where}the field {fields} is missing", "{where}the fields {fields} are missing"),
                               reason.params["n"], where=where, fields=reason.params["fields"]))
        path = Message(THE_DATA)
    if by_field and err.absolute_path and err.absolute_path[0] in by_field:
        error = by_field[err.absolute_path[0]]
    if "propertyNames" in err.schema_path:
        raise error(Message(N_("{where}{path} has a key that is not a name: {value}"), where=where, path=path,
                            value=brief(err.instance, 30)))
    why = err.schema.get("description") if isinstance(err.schema, dict) and err.validator != "pattern" else None
    if why and len(why) < DESCRIPTION_QUOTED:   # the schema's own description of the field, translated
        raise error(Message(N_("{where}{path} {why} ({description})"), where=where, path=path, why=_describe(err),
                            description=Message(why) if "{" not in why else why))
    raise error(Message(N_("{where}{path} {why}"), where=where, path=path, why=_describe(err)))


#: What Python's JSON reader says went wrong (``JSONDecodeError.msg``, English), in words a
#: translator sees: the reason of a syntax error is data, written in the reader's language.
JSON_SYNTAX = {
    "Expecting value": N_("a value is expected here (a number, a text in double quotes, true, false, null, "
                          "a list or an object)"),
    "Expecting ',' delimiter": N_("a comma is missing between two items"),
    "Expecting ':' delimiter": N_("a colon is missing after a field name"),
    "Expecting property name enclosed in double quotes": N_("a field name in double quotes is expected (or a comma "
                                                            "stands before a closing brace)"),
    "Unterminated string starting at": N_("a text is not closed by a double quote"),
    "Invalid control character at": N_("a text holds a control character, such as a line break or a tab"),
    "Invalid \\escape": N_("a backslash starts an escape that JSON does not know"),
    "Invalid \\uXXXX escape": N_("a \\u escape needs four hexadecimal digits"),
    "Extra data": N_("more text follows the end of the data"),
    "Illegal trailing comma before end of object": N_("a comma stands before a closing brace"),
    "Illegal trailing comma before end of array": N_("a comma stands before a closing bracket"),
}


def json_syntax_reason(detail: str) -> Message:
    """Python's description of a JSON syntax error as a message (unknown ones quoted as they are)."""
    msgid = JSON_SYNTAX.get(detail)
    return Message(msgid) if msgid else Message(N_("{value}"), value=detail)


def decode_json(text: Any, error: type[DualPowersError], what: str | Message = "the text") -> Any:
    """``json.loads`` that raises ``error`` for every way text can fail to be data.

    Bytes must be UTF-8 (a leading byte-order mark is dropped); deep nesting, integers
    over Python's 4,300-digit limit and texts over :data:`MAX_TEXT` characters are
    refused with a short message.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(Message(N_("{what} is not UTF-8 text (byte {n})"), what=what, n=exc.start)) from None
    if not isinstance(text, str):
        raise error(Message(N_("{what} must be text, not {value}"), what=what, value=json_kind(text)))
    if text.startswith("\ufeff"):   # a UTF-8 byte-order mark, as some editors write
        text = text[1:]
    if len(text) > MAX_TEXT:
        raise error(Message(N_("{what} is too long ({n} characters; at most {limit})"), what=what,
                            n=Quantity(len(text)), limit=Quantity(MAX_TEXT)))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(Message(N_("{what} is not valid JSON at line {line}, column {column}: {detail}"), what=what,
                            detail=json_syntax_reason(exc.msg), line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise error(Message(N_("{what} is nested too deeply to be a dualpowers file"), what=what)) from None
    except ValueError as exc:   # e.g. an integer over the 4,300-digit conversion limit
        if "digits" in str(exc):
            raise error(Message(N_("{what} holds a number too long to read (over 4,300 digits)"), what=what)) from None
        raise error(Message(N_("{what} is not usable JSON: {detail}"), what=what, detail=brief(str(exc), 120))) from None
