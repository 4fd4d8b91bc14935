<?xml version="1.0"?>
<tileset name="t" tilecount="8"><tile id="0" type="flag"><properties><property name="number" type="int" value="1"/></properties></tile></tileset>
