"""A small JSON Schema validator: the keywords doc/lds-calc.schema.json
uses (type, const, enum, properties, required, additionalProperties,
items, oneOf, minimum, maximum, pattern, $ref to #/$defs/...).  Debian
has no validator for draft 2020-12 that CI can count on; this is enough
for one schema, and it refuses any keyword it does not know, so the
schema cannot quietly grow past what is checked."""
import re

KNOWN = {"$schema", "$id", "title", "description", "type", "const", "enum", "properties", "required",
         "additionalProperties", "items", "oneOf", "minimum", "maximum", "pattern", "$ref", "$defs"}

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def validate(value, schema, root=None, path="$"):
    """Raise ValueError naming the first place where value breaks schema."""
    root = root if root is not None else schema
    unknown = set(schema) - KNOWN
    if unknown:
        raise ValueError("schema keyword(s) not supported: %s" % sorted(unknown))
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError("only #/$defs/ references are supported: " + ref)
        return validate(value, root["$defs"][ref[len("#/$defs/"):]], root, path)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPES[t](value) for t in types):
            raise ValueError("%s: %r is not of type %s" % (path, value, types))
    if "const" in schema and value != schema["const"]:
        raise ValueError("%s: %r is not %r" % (path, value, schema["const"]))
    if "enum" in schema and value not in schema["enum"]:
        raise ValueError("%s: %r is not one of %r" % (path, value, schema["enum"]))
    if "minimum" in schema and TYPES["number"](value) and value < schema["minimum"]:
        raise ValueError("%s: %r < %r" % (path, value, schema["minimum"]))
    if "maximum" in schema and TYPES["number"](value) and value > schema["maximum"]:
        raise ValueError("%s: %r > %r" % (path, value, schema["maximum"]))
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        raise ValueError("%s: %r does not match %r" % (path, value, schema["pattern"]))
    if "oneOf" in schema:
        ok = 0
        for sub in schema["oneOf"]:
            try:
                validate(value, sub, root, path)
                ok += 1
            except ValueError:
                pass
        if ok != 1:
            raise ValueError("%s: matches %d of the oneOf choices, not exactly one" % (path, ok))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for k in schema.get("required", []):
            if k not in value:
                raise ValueError("%s: '%s' is missing" % (path, k))
        for k, v in value.items():
            if k in props:
                validate(v, props[k], root, path + "." + k)
            elif schema.get("additionalProperties") is False:
                raise ValueError("%s: '%s' is not allowed" % (path, k))
            elif isinstance(schema.get("additionalProperties"), dict):
                validate(v, schema["additionalProperties"], root, path + "." + k)
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            validate(v, schema["items"], root, "%s[%d]" % (path, i))
