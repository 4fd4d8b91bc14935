//! Layer data: CSV, or base64 maybe compressed with zlib or gzip, decoded into global tile ids
//! without ever unpacking more than the layer's squares need.

use super::raw::short;

/// Decodes one layer's data text (CSV or base64, maybe compressed) into `count` global ids.
pub(super) fn decode_data(
    text: &str,
    encoding: &str,
    compression: &str,
    count: usize,
) -> Result<Vec<u32>, String> {
    match encoding {
        "csv" => decode_csv(text, count),
        "base64" => {
            if !matches!(compression, "" | "zlib" | "gzip") {
                return Err(if compression == "zstd" {
                    "zstd-compressed layer data is not supported: save the map in Tiled with zlib, gzip or no compression".to_string()
                } else {
                    format!(
                        "unknown layer compression \"{}\": expected zlib, gzip or none",
                        short(compression)
                    )
                });
            }
            let bytes = base64_decode(text)?;
            let limit = count * 4;
            let raw = match compression {
                "" => bytes,
                "zlib" => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&bytes, limit)
                    .map_err(|e| inflate_error("zlib", &e))?,
                "gzip" => {
                    let body = gzip_body(&bytes)?;
                    miniz_oxide::inflate::decompress_to_vec_with_limit(body, limit)
                        .map_err(|e| inflate_error("gzip", &e))?
                }
                _ => bytes,
            };
            if raw.len() != limit {
                return Err(format!(
                    "the layer data holds {} bytes once decoded, but a {count}-square layer needs {limit} (4 per square)",
                    raw.len()
                ));
            }
            Ok(raw
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        }
        other => Err(format!(
            "unknown layer encoding \"{}\": expected csv or base64",
            short(other)
        )),
    }
}

fn inflate_error(what: &str, e: &miniz_oxide::inflate::DecompressError) -> String {
    if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
        format!("the {what}-compressed layer data unpacks to more than the layer's squares need")
    } else {
        format!(
            "the {what}-compressed layer data is damaged ({:?})",
            e.status
        )
    }
}

/// The deflate stream inside a gzip member (RFC 1952): the header is skipped, the trailer ignored.
fn gzip_body(bytes: &[u8]) -> Result<&[u8], String> {
    let bad = || "the gzip-compressed layer data has a damaged header".to_string();
    if bytes.len() < 18 || bytes[0] != 0x1f || bytes[1] != 0x8b || bytes[2] != 8 {
        return Err(bad());
    }
    let flags = bytes[3];
    let mut pos = 10;
    if flags & 4 != 0 {
        let len = bytes
            .get(pos..pos + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
            .ok_or_else(bad)?;
        pos += 2 + len;
    }
    for bit in [8u8, 16] {
        if flags & bit != 0 {
            let end = bytes
                .get(pos..)
                .and_then(|b| b.iter().position(|&c| c == 0))
                .ok_or_else(bad)?;
            pos += end + 1;
        }
    }
    if flags & 2 != 0 {
        pos += 2;
    }
    bytes.get(pos..).ok_or_else(bad)
}

fn decode_csv(text: &str, count: usize) -> Result<Vec<u32>, String> {
    let mut out = Vec::with_capacity(count);
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() && i >= count {
            continue;
        }
        if out.len() == count {
            return Err(format!(
                "the layer lists more than {count} squares: the map has {count}"
            ));
        }
        let gid: u32 = item.parse().map_err(|_| {
            format!(
                "\"{}\" at position {} of the layer data is not a tile id",
                short(item),
                i + 1
            )
        })?;
        out.push(gid);
    }
    if out.len() != count {
        return Err(format!(
            "the layer lists {} squares, but the map has {count}",
            out.len()
        ));
    }
    Ok(out)
}

/// Standard base64 (RFC 4648), whitespace ignored.
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    fn value(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut padding = false;
    for c in text.bytes() {
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'=' {
            padding = true;
            continue;
        }
        let Some(v) = value(c).filter(|_| !padding) else {
            return Err(format!(
                "the layer data is not base64: it has the character {:?}",
                char::from(c)
            ));
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_with_and_without_padding() {
        assert_eq!(base64_decode("AQAAAA==").ok(), Some(vec![1, 0, 0, 0]));
        assert_eq!(base64_decode(" TWFu\n").ok(), Some(b"Man".to_vec()));
        assert!(base64_decode("A*AA").is_err());
    }

    #[test]
    fn csv_counts_must_match_the_map() {
        assert_eq!(decode_csv("1,2,\n3,4\n", 4).ok(), Some(vec![1, 2, 3, 4]));
        assert!(decode_csv("1,2,3", 4).is_err());
        assert!(decode_csv("1,2,3,4,5", 4).is_err());
        assert!(decode_csv("1,x,3,4", 4).is_err());
    }

    #[test]
    fn a_zlib_bomb_is_stopped_at_the_layer_size() {
        let big = vec![0u8; 1 << 20];
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&big, 6);
        let text = base64_encode(&packed);
        let err = decode_data(&text, "base64", "zlib", 16).err();
        assert!(err.is_some_and(|e| e.contains("more than")));
    }

    fn base64_encode(bytes: &[u8]) -> String {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }
}
