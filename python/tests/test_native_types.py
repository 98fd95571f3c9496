"""Types dumps() encodes natively where ujson raised TypeError (dataclasses,
datetime, uuid, enum, numpy), and Decimal by its own digits."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import json
import subprocess
import sys
import typing
import uuid

import numpy
import pytest

import ultrajson


@dataclasses.dataclass
class Point:
    x: int
    y: float
    label: str = "p"
    tags: list = dataclasses.field(default_factory=list)
    scale: typing.ClassVar[int] = 3  # not a field
    hidden: dataclasses.InitVar[int] = 0  # not a field either

    def __post_init__(self, hidden):
        pass


@dataclasses.dataclass(frozen=True)
class Segment:
    start: Point
    end: Point


def test_dataclass_fields_in_order():
    assert ultrajson.dumps(Point(1, 2.5)) == '{"x":1,"y":2.5,"label":"p","tags":[]}'
    nested = Segment(Point(0, 0.0, tags=["a"]), Point(1, 1.5))
    assert json.loads(ultrajson.dumps(nested)) == dataclasses.asdict(nested)


def test_dataclass_class_itself_is_not_encoded():
    with pytest.raises(TypeError, match="not JSON serializable"):
        ultrajson.dumps(Point)


def test_dataclass_with_slots_and_a_property():
    @dataclasses.dataclass
    class Slotted:
        __slots__ = ("a", "b")
        a: int
        b: str

        @property
        def c(self):
            return 1

    assert ultrajson.dumps(Slotted(1, "x")) == '{"a":1,"b":"x"}'


def test_dataclass_field_that_fails():
    @dataclasses.dataclass
    class Broken:
        a: int

    item = Broken(1)
    del item.a
    with pytest.raises(AttributeError):
        ultrajson.dumps(item)


UTC = datetime.timezone.utc
PLUS_5_30 = datetime.timezone(datetime.timedelta(hours=5, minutes=30))


@pytest.mark.parametrize("value", [
    datetime.datetime(2024, 2, 29, 23, 59, 59),
    datetime.datetime(2024, 2, 29, 23, 59, 59, 123456),
    datetime.datetime(1, 1, 1),
    datetime.datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    datetime.datetime(2020, 6, 1, 12, tzinfo=PLUS_5_30),
    datetime.date(2024, 2, 29),
    datetime.time(0, 0),
    datetime.time(13, 5, 7, 1),
    datetime.time(13, 5, tzinfo=PLUS_5_30),
])
def test_datetimes_as_isoformat(value):
    assert ultrajson.dumps(value) == json.dumps(value.isoformat())
    assert ultrajson.dumps({"t": [value]}) == '{"t":[%s]}' % json.dumps(value.isoformat())


def test_datetime_subclass_and_timedelta():
    class Stamp(datetime.datetime):
        pass

    assert ultrajson.dumps(Stamp(2020, 1, 1)) == '"2020-01-01T00:00:00"'
    with pytest.raises(TypeError, match="not JSON serializable"):
        ultrajson.dumps(datetime.timedelta(1))  # no ISO form chosen for durations


def test_uuid():
    value = uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert ultrajson.dumps([value]) == '["12345678-1234-5678-1234-567812345678"]'


class Color(enum.Enum):
    RED = "red"
    PAIR = (1, 2)
    POINT = Point(1, 2.0)


class Level(enum.IntEnum):
    LOW = 1


class Perm(enum.Flag):
    R = 4
    W = 2


def test_enums_by_value():
    assert ultrajson.dumps([Color.RED, Color.PAIR, Level.LOW, Perm.R | Perm.W]) == \
        '["red",[1,2],1,6]'
    assert ultrajson.dumps(Color.POINT) == '{"x":1,"y":2.0,"label":"p","tags":[]}'
    assert ultrajson.dumps({"k": Color.RED}) == '{"k":"red"}'


def test_order_default_comes_before_native_types():
    # Nothing ujson could encode changes: with a default, it is asked first.
    seen = []

    def default(value):
        seen.append(value)
        return "from default"

    day = datetime.date(2020, 1, 2)
    assert ultrajson.dumps([day, Color.RED], default=default) == '["from default","from default"]'
    assert seen == [day, Color.RED]


def test_to_dict_and_json_come_before_native_types():
    @dataclasses.dataclass
    class WithToDict:
        a: int

        def toDict(self):
            return {"custom": self.a}

    assert ultrajson.dumps(WithToDict(1)) == '{"custom":1}'


@pytest.mark.parametrize("text", ["1.10", "-0", "0.000001", "1E+400", "123456789012345678901234567890.5",
                                  "-1.5E-7", "0E-10"])
def test_decimal_by_its_own_digits(text):
    out = ultrajson.dumps([decimal.Decimal(text)])
    assert out == "[%s]" % text
    assert decimal.Decimal(json.loads(out, parse_float=str)[0]) == decimal.Decimal(text)


@pytest.mark.parametrize("text, written", [("NaN", "NaN"), ("-NaN", "NaN"), ("sNaN", "NaN"),
                                           ("Infinity", "Infinity"), ("-Infinity", "-Infinity")])
def test_decimal_nan_and_infinity(text, written):
    assert ultrajson.dumps(decimal.Decimal(text)) == written
    with pytest.raises(OverflowError):
        ultrajson.dumps(decimal.Decimal(text), allow_nan=False)


def test_decimal_subclass():
    class Money(decimal.Decimal):
        pass

    assert ultrajson.dumps(Money("2.50")) == "2.50"


# -- numpy ---------------------------------------------------------------------

NUMERIC_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                  "uint64", "float16", "float32", "float64"]


@pytest.mark.parametrize("dtype", NUMERIC_DTYPES)
def test_numpy_arrays_of_every_numeric_dtype(dtype):
    info = numpy.iinfo(dtype) if numpy.dtype(dtype).kind in "iu" else None
    if info is not None:
        values = [info.min, 0, 1, info.max]
    elif dtype == "bool":
        values = [True, False]
    else:
        values = [0.0, -0.0, 1.5, 0.1, numpy.finfo(dtype).max]
    array = numpy.array(values, dtype=dtype)
    assert ultrajson.dumps(array) == json.dumps(array.tolist(), separators=(",", ":"))
    assert ultrajson.dumps(array.reshape(-1, 1)) == ultrajson.dumps(array.reshape(-1, 1).tolist())
    for scalar in array:
        assert ultrajson.dumps(scalar) == json.dumps(scalar.item())


def test_numpy_float_nan_follows_allow_nan():
    array = numpy.array([numpy.nan, numpy.inf], dtype="float32")
    assert ultrajson.dumps(array) == "[NaN,Infinity]"
    with pytest.raises(OverflowError):
        ultrajson.dumps(array, allow_nan=False)


def test_numpy_other_dtypes():
    assert ultrajson.dumps(numpy.array(["a", "é"])) == '["a","\\u00e9"]'
    assert ultrajson.dumps(numpy.array([b"ab"]), reject_bytes=False) == '["ab"]'
    with pytest.raises(TypeError, match="reject_bytes"):
        ultrajson.dumps(numpy.array([b"ab"]))
    assert ultrajson.dumps(numpy.array([1, "x", None], dtype=object)) == '[1,"x",null]'
    dates = numpy.array(["2020-01-02", "2021-03-04"], dtype="datetime64[D]")
    assert ultrajson.dumps(dates) == '["2020-01-02","2021-03-04"]'
    with pytest.raises(TypeError, match="not JSON serializable"):
        ultrajson.dumps(numpy.array([1 + 2j]))


def test_numpy_shapes_and_views():
    grid = numpy.arange(12, dtype="int32").reshape(3, 4)
    assert ultrajson.dumps(grid) == json.dumps(grid.tolist(), separators=(",", ":"))
    assert ultrajson.dumps(grid[:, ::2].T) == json.dumps(grid[:, ::2].T.tolist(),
                                                          separators=(",", ":"))
    assert ultrajson.dumps(numpy.array(5)) == "5"  # 0-d
    assert ultrajson.dumps(numpy.zeros((0, 3))) == "[]"
    assert ultrajson.dumps({"m": numpy.eye(2)}) == '{"m":[[1.0,0.0],[0.0,1.0]]}'


def test_numpy_is_never_imported_by_dumps():
    code = ("import sys, datetime, ultrajson\n"
            "ultrajson.dumps([datetime.date(2020, 1, 1)])\n"
            "try:\n    ultrajson.dumps(object())\nexcept TypeError:\n    pass\n"
            "print(sorted(m for m in ('numpy', 'uuid', 'dataclasses', 'enum', 'decimal') "
            "if m in sys.modules and m not in BEFORE))\n")
    probe = "import sys\nBEFORE = set(sys.modules)\n" + code
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    assert "numpy" not in out.stdout and "uuid" not in out.stdout, out.stdout


def test_naive_datetimes_written_as_isoformat_across_the_range():
    # The exact naive types are formatted without isoformat(); it is the oracle.
    import random

    rng = random.Random(7)
    for _ in range(20000):
        stamp = datetime.datetime(rng.randint(1, 9999), rng.randint(1, 12), rng.randint(1, 28),
                                  rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59),
                                  rng.choice([0, rng.randint(0, 999999)]))
        values = [stamp, stamp.date(), stamp.time(), stamp.replace(tzinfo=UTC),
                  stamp.time().replace(tzinfo=PLUS_5_30)]
        assert ultrajson.dumps(values) == json.dumps([v.isoformat() for v in values],
                                                     separators=(",", ":"))
