#!/usr/bin/env python3
"""Writes the hostile-file corpus of tests/hostile/ and its MANIFEST (issue 16 item 7).

Each case is a small file of a format factory-floor reads (Tiled JSON and TMX maps, tilesets,
tiles, courses, scenarios, recovery files) with the command that reads it, the exit code it must
give and a phrase its message must hold. tests/hostile.rs runs them all through the binary under a
1 GB address-space limit and a 10 s deadline. Run `python3 tests/hostile/make_hostile.py` after
changing a case; the files are committed, so the test needs no Python.
"""
import base64, json, os, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = []  # (file, command, exit, phrase)


def write(name, text, command, exit, phrase):
    data = text.encode() if isinstance(text, str) else text
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    if command:
        CASES.append((name, command, exit, phrase))


def b64_zlib(gids):
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    return base64.b64encode(zlib.compress(raw, 9)).decode()


def tilelayer(name, w, h, gids=None, fill=1):
    gids = gids if gids is not None else [fill] * (w * h)
    return {"type": "tilelayer", "name": name, "width": w, "height": h,
            "encoding": "base64", "compression": "zlib", "data": b64_zlib(gids)}


def jmap(w, h, layers, tilesets=None, props=None, **extra):
    m = {"type": "map", "orientation": "orthogonal", "width": w, "height": h,
         "tilewidth": 64, "tileheight": 64, "infinite": False, "layers": layers,
         "tilesets": tilesets if tilesets is not None else []}
    if props is not None:
        m["properties"] = [{"name": k, "type": "string" if isinstance(v, str) else "int",
                            "value": v} for k, v in props.items()]
    m.update(extra)
    return json.dumps(m)


def flag_tileset(extra_tiles=()):
    tiles = [{"id": 0, "type": "flag", "properties": [{"name": "number", "type": "int", "value": 1}]}]
    tiles += list(extra_tiles)
    return {"firstgid": 1, "name": "t", "tilecount": 8, "tiles": tiles}


def imp(name, text, exit, phrase):
    write(name, text, "import", exit, phrase)


# --- The five Tiled files of the issue that made `import` allocate until killed, and kin. -------
# 8 layers of 4096 squares with a 64 KiB name, no tileset: one note per square copied the name.
imp("tiled_bomb_layer_name_notes.json",
    jmap(64, 64, [tilelayer("L" * 65536 + str(i), 64, 64) for i in range(8)]),
    0, "more square(s) that could not be mapped")
# One object layer with a 200 KiB name and 10000 objects: the name was copied into each.
imp("tiled_bomb_object_layer_name.json",
    jmap(2, 2, [tilelayer("board", 2, 2, fill=0),
                {"type": "objectgroup", "name": "O" * 200000, "objects": [{}] * 10000}]),
    0, "objects are not part of either map convention")
# A gear whose 300 KiB property was copied for each of 128 x 4096 squares (157 GB copied).
imp("tiled_bomb_tile_properties.json",
    jmap(64, 64, [tilelayer(f"l{i}", 64, 64) for i in range(128)],
         [{"firstgid": 1, "tiles": [{"id": 0, "type": "gear", "properties": [
             {"name": "move_direction", "type": "int", "value": 90},
             {"name": "padding", "type": "string", "value": "p" * 300000}]}]}]),
    0, "64 x 64 squares, 0 flag(s)")
# A class of 300 KiB, no element: copied into every square's element and every note.
imp("tiled_bomb_tile_class.json",
    jmap(64, 64, [tilelayer("a", 64, 64), tilelayer("b", 64, 64)],
         [{"firstgid": 1, "tiles": [{"id": 0, "type": "c" * 300000}]}]),
    0, "not an element factory-floor knows")
# The same as the first, as TMX with CSV data.
layers = "".join(
    f'<layer name="{"T" * 65536}{i}" width="64" height="64"><data encoding="csv">'
    + ",".join(["1"] * 4096) + "</data></layer>" for i in range(8))
imp("tiled_bomb_layer_name_notes.tmx",
    f'<?xml version="1.0"?><map orientation="orthogonal" width="64" height="64" '
    f'tilewidth="64" tileheight="64" infinite="0">{layers}</map>',
    0, "more square(s) that could not be mapped")
# An object layer in TMX with a long name and 10000 objects.
imp("tiled_bomb_object_layer_name.tmx",
    '<map orientation="orthogonal" width="1" height="1" infinite="0">'
    '<layer name="b" width="1" height="1"><data encoding="csv">0</data></layer>'
    f'<objectgroup name="{"O" * 200000}">' + "<object/>" * 10000 + "</objectgroup></map>",
    0, "objects are not part of either map convention")

# --- TMX character references are decoded, not dropped (a gid written &#49; is 1). ------------
def tmx(data, extra="", tileset=None, w=2, h=1, attrs='orientation="orthogonal"'):
    ts = tileset if tileset is not None else (
        '<tileset firstgid="1" name="t"><tile id="0" type="flag"><properties>'
        '<property name="number" type="int" value="1"/></properties></tile></tileset>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" {attrs} '
            f'width="{w}" height="{h}" tilewidth="64" tileheight="64" infinite="0">\n{ts}\n'
            f'<layer name="board" width="{w}" height="{h}"><data encoding="csv">{data}</data></layer>'
            f'{extra}</map>\n')


imp("tmx_decimal_character_reference.tmx", tmx("&#49;,0"), 0, "1 flag(s)")
imp("tmx_hex_character_reference.tmx", tmx("0,&#x31;"), 0, "1 flag(s)")
imp("tmx_reference_inside_a_number.tmx", tmx("0,1&#48;"), 0, "0 flag(s)")
imp("tmx_amp_in_a_layer_name.tmx",
    tmx("1,1").replace('name="board"', 'name="a&amp;b&lt;c&#62;"'), 0, 'layer "a&b<c>"')
imp("tmx_unknown_entity.tmx", tmx("&one;,0"), 2, "&one; is not an entity XML defines")
imp("tmx_billion_laughs.tmx",
    '<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "1111111111">\n'
    ' <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n'
    ' <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n]>\n'
    + tmx("&d;,0").split("\n", 1)[1], 2, "&d; is not an entity XML defines")
imp("tmx_character_reference_zero.tmx", tmx("&#0;,0"), 2, "is not a character reference")
imp("tmx_character_reference_too_big.tmx", tmx("&#x110000;,0"), 2, "is not a character reference")
imp("tmx_character_reference_not_a_number.tmx", tmx("&#xZZ;,0"), 2, "is not a character reference")
imp("tmx_escape_in_a_layer_name.tmx",
    tmx("1,1").replace('name="board"', 'name="&#x1b;[2J&#x1b;]0;pwned&#7;"'), 0, "\\u{1b}[2J")
imp("tmx_truncated.tmx", tmx("1,0")[:150], 2, "it looks truncated")
imp("tmx_unclosed_element.tmx", tmx("1,0").replace("</map>", ""), 2, "before every element is closed")
imp("tmx_two_roots.tmx", tmx("1,0") + "<map/>", 2, "one root element")
imp("tmx_nested_too_deeply.tmx",
    tmx("1,0", extra="<group>" * 100 + "</group>" * 100), 2, "nested too deeply")
imp("tmx_not_a_map.tmx", '<tileset name="t"/>', 2, "a TMX file has a <map> element")
imp("tmx_infinite.tmx", tmx("1,0").replace('infinite="0"', 'infinite="1"'), 2, "infinite map")
imp("tmx_isometric.tmx", tmx("1,0", attrs='orientation="isometric"'), 2, "only orthogonal maps")
imp("tmx_size_overflow.tmx", tmx("1,0", w=99999999999, h=1), 2, "the map is 99999999999 x 1 squares")
imp("tmx_size_too_big.tmx", tmx("1,0", w=100000, h=100000), 2, "factory-floor imports maps of 1 to 64")
imp("tmx_gid_out_of_range.tmx",
    tmx("").replace('<data encoding="csv"></data>', '<data><tile gid="4294967296"/><tile/></data>'),
    2, "a tile id is a whole number from 0 to 4294967295")
imp("tmx_count_mismatch.tmx", tmx("1,0,1"), 2, "the layer lists more than 2 squares")
imp("tmx_zstd.tmx",
    tmx("").replace('<data encoding="csv"></data>', '<data encoding="base64" compression="zstd">AAAA</data>'),
    2, "zstd-compressed layer data is not supported")
imp("tmx_tileset_source_missing.tmx",
    tmx("1,0", tileset='<tileset firstgid="1" source="no_such_tileset.tsx"/>'), 2, "cannot open")
imp("tmx_tileset_source_is_a_folder.tmx",
    tmx("1,0", tileset='<tileset firstgid="1" source="."/>'), 2, "this is a folder, not a file")
imp("tmx_tileset_source_is_a_device.tmx",
    tmx("1,0", tileset='<tileset firstgid="1" source="/dev/zero"/>'), 2, "a device, a named pipe or a socket")
imp("tmx_tileset_named_256_times.tmx",
    tmx("1,0", tileset="".join(f'<tileset firstgid="{1 + 8 * i}" source="tileset_flag.tsx"/>'
                               for i in range(256))), 0, "1 flag(s)")
imp("tmx_tilesets_257.tmx",
    tmx("1,0", tileset="".join(f'<tileset firstgid="{1 + 8 * i}" source="tileset_flag.tsx"/>'
                               for i in range(257))), 2, "more than 256 tilesets")

# --- Tilesets in their own files (TSX and JSON), named by a map beside them. ---------------------
write("tileset_flag.tsx",
      '<?xml version="1.0"?>\n<tileset name="t" tilecount="8"><tile id="0" type="flag"><properties>'
      '<property name="number" type="int" value="1"/></properties></tile></tileset>\n', None, 0, "")
def uses_tileset(source, w=2):
    return jmap(w, 1, [{"type": "tilelayer", "name": "board", "width": w, "height": 1, "data": [1] + [0] * (w - 1)}],
                [{"firstgid": 1, "source": source}])


def tileset_case(name, text, exit, phrase):
    write(name, text, None, 0, "")
    imp("uses_" + name.replace(".", "_") + ".json", uses_tileset(name), exit, phrase)


tileset_case("tileset_duplicate_key.tsj",
             '{"name": "t", "tiles": [{"id": 0, "type": "flag", "id": 1}]}', 2, "`id` is given twice")
tileset_case("tileset_negative_id.tsj", '{"tiles": [{"id": -1, "type": "flag"}]}', 2,
             "a tileset tile needs a whole-number \"id\"")
tileset_case("tileset_id_too_big.tsx", '<tileset><tile id="4294967296" type="flag"/></tileset>', 2,
             "tile id out of range")
tileset_case("tileset_not_a_tileset.tsx", '<map/>', 2, "not a Tiled tileset")
tileset_case("tileset_not_an_object.tsj", '[1, 2]', 2, "a Tiled tileset is a JSON object")
tileset_case("tileset_binary.tsj", b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", 2, "not UTF-8 text")
tileset_case("tileset_unknown_entity.tsx",
             '<tileset><tile id="0" type="fl&ag;"/></tileset>', 2, "bad XML attribute value")

# --- Tiled JSON maps. ---------------------------------------------------------------------------
base = flag_tileset()
imp("tiled_duplicate_key.json",
    jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base]).replace('"width": 2', '"width": 2, "width": 3', 1),
    2, "`width` is given twice")
imp("tiled_duplicate_property_key.json",
    jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base],
         ).replace('"tiles": [{"id": 0', '"tileproperties": {"0": {"a": 1, "a": 2}}, "tiles": [{"id": 0', 1),
    2, "`a` is given twice")
imp("tiled_duplicate_escaped_key.json",
    jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base]).replace('"height": 1', '"height": 1, "h\\u0065ight": 1', 1),
    2, "`height` is given twice")
for label, start in [("far", "archive 1000,1000"), ("negative", "archive -5,0"),
                     ("i32_max", "archive 2147483647,2147483647")]:
    imp(f"tiled_archive_start_{label}.json",
        jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base], props={"start": start}),
        0, "off the 2 x 1 map: ignored")
imp("tiled_archive_start_overflow.json",
    jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base], props={"start": "archive 99999999999,0"}),
    0, "1 flag(s)")
imp("tiled_escape_in_course_name.json",
    jmap(2, 1, [tilelayer("board", 2, 1, [1, 0])], [base], props={"name": "\x1b[31mred\x1b[0m\x07"}),
    0, 'course "\\u{1b}[31mred')
imp("tiled_escape_in_layer_name.json",
    jmap(2, 1, [tilelayer("\x1b]0;title\x07\r\nfake.json:1:1: ok", 2, 1, [9, 0])], [base]),
    0, 'layer "\\u{1b}]0;title\\u{7}\\r\\nfake.json')
imp("tiled_infinite.json", jmap(2, 1, [], infinite=True), 2, "infinite map")
imp("tiled_chunked_layer.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "c", "chunks": []}]), 2, "stored in chunks")
imp("tiled_zlib_bomb.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "z", "encoding": "base64", "compression": "zlib",
                 "data": base64.b64encode(zlib.compress(b"\0" * (16 << 20), 9)).decode()}]),
    2, "unpacks to more than the layer's squares need")
imp("tiled_gzip_damaged_header.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "g", "encoding": "base64", "compression": "gzip",
                 "data": base64.b64encode(b"\x1f\x8b\x08\xff" + b"\x00" * 20).decode()}]),
    2, "gzip-compressed layer data")
imp("tiled_bad_base64.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "b", "encoding": "base64", "data": "AA*A"}]),
    2, "not base64")
imp("tiled_gid_too_big.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "b", "data": [4294967296, 0]}]), 2, "a tile id is a whole number")
imp("tiled_gid_negative.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "b", "data": [-1, 0]}]), 2, "a tile id is a whole number")
imp("tiled_data_count.json",
    jmap(2, 1, [{"type": "tilelayer", "name": "b", "data": [1, 0, 0]}]), 2, "lists 3 squares, but the map has 2")
imp("tiled_width_zero.json", jmap(0, 1, []), 2, "the map is 0 x 1 squares")
imp("tiled_width_huge.json", jmap(10**12, 10**12, []), 2, "the map is 1000000000000 x 1000000000000")
imp("tiled_width_float.json", jmap(2.5, 1, []), 2, "\"width\" must be a whole number")
imp("tiled_isometric.json", jmap(2, 1, [], orientation="isometric"), 2, "only orthogonal maps")
imp("tiled_layers_not_a_list.json", jmap(2, 1, {"a": 1}), 2, "\"layers\" must be a list")
imp("tiled_firstgid_zero.json", jmap(2, 1, [], [{"firstgid": 0}]), 2, "\"firstgid\" must be 1 or more")
imp("tiled_groups_nested_too_deeply.json",
    jmap(2, 1, [json.loads("{" + '"type": "group", "layers": [{' * 40 + '"type": "group", "layers": []'
                           + "}]" * 40 + "}")]), 2, "nested too deeply")
imp("tiled_257_layers.json", jmap(1, 1, [{"type": "tilelayer", "name": "x", "data": [0]}] * 257),
    2, "more than 256 tile layers")
imp("tiled_source_is_a_device.json", jmap(2, 1, [], [{"firstgid": 1, "source": "/dev/zero"}]),
    2, "a device, a named pipe or a socket")
imp("tiled_source_is_a_folder.json", jmap(2, 1, [], [{"firstgid": 1, "source": "."}]),
    2, "this is a folder, not a file")
imp("tiled_not_a_map.json", '{"format": "factory-floor/tile"}', 2, "this is not a Tiled map")
imp("tiled_deeply_nested_json.json", "[" * 100000 + "]" * 100000, 2, "nested too deeply")
imp("tiled_empty.json", "", 2, "it looks truncated")

# --- Tiles, courses and recovery files (a recovery file holds a tile or a course). ---------------
TILE = {"format": "factory-floor/tile", "version": 1, "id": "t", "name": "T", "description": "",
        "width": 2, "height": 2, "squares": [], "edges": []}
def tile_text(**change):
    t = dict(TILE); t.update(change); return json.dumps(t, indent=2)


def check(name, text, exit, phrase):
    write(name, text, "check", exit, phrase)


check("tile_duplicate_key_in_square.json",
      tile_text(squares=[{"at": [0, 0], "floor": "pit"}]).replace('"floor": "pit"', '"floor": "pit", "floor": "pit"'),
      2, "`floor` is given twice")
check("tile_duplicate_escaped_key.json", tile_text().replace('"width": 2', '"width": 2, "w\\u0069dth": 2'),
      2, "`width` is given twice")
check("tile_escape_in_unknown_field.json", tile_text().replace('"width": 2', '"\\u001b[2J\\u001b]0;x\\u0007": 1, "width": 2'),
      2, "unknown field `\\u{1b}[2J")
check("tile_escape_in_id.json", tile_text(id="t\x1b[31m"), 1, "ids use lower-case letters")
check("tile_escape_in_floor.json", tile_text(squares=[{"at": [0, 0], "floor": "\x1b[2Jpit"}]),
      2, "`\\u{1b}[2Jpit` is not a value this field takes")
check("tile_index_huge.json", tile_text(squares=[{"at": [2147483647, 2147483647], "floor": "pit"}]),
      1, "is outside the tile")
COURSE = {"format": "factory-floor/course", "version": 1, "name": "C", "description": "", "author": "",
          "rules": "classic-1994", "players": {"min": 2, "max": 4}, "lives": "standard",
          "tiles": [{"tile": "cross", "at": [0, 0], "rotation": 0}],
          "flags": [{"number": 1, "at": [1, 1]}], "start": {"archive": [0, 0]}}
def course_text(**change):
    c = dict(COURSE); c.update(change); return json.dumps(c, indent=2)


check("course_duplicate_key_in_players.json",
      course_text().replace('"min": 2', '"min": 2, "min": 3'), 2, "`min` is given twice")
check("course_archive_start_huge.json", course_text(start={"archive": [2147483647, -2147483648]}),
      1, "is far outside any course")
check("course_flag_index_huge.json", course_text(flags=[{"number": 4294967295, "at": [1, 1]}]),
      1, "flag number 4294967295 is out of range")
check("course_tile_offset_overflow.json",
      course_text(tiles=[{"tile": "cross", "at": [2147483647, 2147483647], "rotation": 0}]),
      1, "is out of range")
check("recovery_truncated.json", course_text()[:200], 2, "it looks truncated")
check("recovery_duplicate_key.json", course_text().replace('"name": "C"', '"name": "C", "name": "D"'),
      2, "`name` is given twice")
check("recovery_binary.json", b"\x00\x01\x02\xff\xfe" * 10, 2, "not UTF-8 text")
check("recovery_tile_with_escape_in_field.json",
      tile_text().replace('"height": 2', '"height": 2, "\\u009b31m": 0'), 2, "unknown field `\\u{9b}31m`")

# --- Scenarios. -----------------------------------------------------------------------------------
SCEN = {"description": "d", "source": "s", "board": {"format": "factory-floor/tile", "version": 1,
        "id": "s", "name": "s", "width": 5, "height": 5, "squares": [], "edges": []},
        "flags": [[4, 4]], "robots": [{"name": "red", "square": [2, 2], "facing": "N"}],
        "registers": {"red": ["backup:430"]}, "expect": {"red": {"square": [2, 3], "facing": "N"}}}
def scen(**change):
    s = dict(SCEN); s.update(change); return json.dumps(s)


def scenario(name, text, exit, phrase):
    write("scenario_" + name, text, "scenario", exit, phrase)


scenario("duplicate_robot_in_registers.json",
         scen().replace('"red": ["backup:430"]', '"red": ["backup:430"], "red": ["move1:490"]'),
         2, "`red` is given twice")
scenario("duplicate_robot_in_expect.json",
         scen().replace('"expect": {"red": {', '"expect": {"red": {"facing": "N"}, "red": {'),
         2, "`red` is given twice")
scenario("board_is_a_device.json", scen(board="/dev/zero"), 2, "a device, a named pipe or a socket")
scenario("board_is_a_folder.json", scen(board="."), 2, "this is a folder, not a file")
scenario("escape_in_name.json", scen(name="\x1b[2J\x1b[Hall passed"), 0, "\\u{1b}[2J")
scenario("robot_far_outside.json",
         scen(robots=[{"name": "red", "square": [2147483647, 2147483647], "facing": "N"}]), 2, "which is off the board")
scenario("phases_255.json", scen(phases=255), 2, "a turn has register phases 1 to 5")
scenario("truncated.json", scen()[:100], 2, "it looks truncated")

with open(os.path.join(HERE, "MANIFEST"), "w") as f:
    f.write("# tests/hostile/: file, command, expected exit code, a phrase the output must hold.\n"
            "# Written by make_hostile.py; run by tests/hostile.rs (through the binary, 1 GB, 10 s).\n")
    for name, command, exit, phrase in CASES:
        f.write(f"{name}\t{command}\t{exit}\t{phrase}\n")
print(len(CASES), "cases")
