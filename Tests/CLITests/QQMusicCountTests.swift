import Foundation
import Testing

/// QQ Music home page scenes: counts worked out by hand from the scene files (iPhone 6 Plus,
/// 414 x 736 pt; the table spans y 64...736 and scrolls 800 pt/s, the offset snapped to 1/3 pt).
///
/// Layers, v1: root 1; search bar 4 (bar, field, icon, placeholder); table 1; banner 7 (row,
/// image, 5 dots); functions 16 (row + 5 x icon cell of 3); topics header 2; topics 23 (row +
/// 11 chips of 2); 11 section headers of 2 = 22; song-list rows (songLists, newSongs, radio,
/// newAlbums, playlists) and VIP rows (vip, rankings, classics), each 1 + 6 cards of 5 (card,
/// cover, shade, two labels) = 31, x 8 = 248; movie rows (movies, mvs, concerts), each 1 + 4
/// cards of 5 = 21, x 3 = 63. Total 387. v2's cards have no shade layer: rows of 25, 25 and 17:
/// 1 + 4 + 1 + 7 + 16 + 2 + 23 + 22 + 8 x 25 + 3 x 17 = 327.
///
/// Offscreen passes in v1, all rounded-clip (a clipped chip or card over drawing sublayers):
/// - frame 0 (offset 0, content 0...672 on screen): top-row chips at x = 15, 121, 227, 333 (the
///   fifth at 439 is past the 414 pt screen): 4; bottom-row chips at 15, 149, 283: 3; song-list
///   cards at x 10, 146, 282: 3; movie cards at 10 and 212 (the third starts at 414), their row at
///   content 580...698 cut by the table's bottom at 672: 2. Total 12.
/// - frame 19 (offset 800 x 19/60 = 253.3 pt; content 253.3...925.3): the chips (top row
///   286...316, bottom 326...356), 3 song-list, 2 movie and 3 VIP cards, and newSongs (914...)
///   shows its first 11 pt, where each of its 3 cards clips its cover: 7 + 3 + 2 + 3 + 3 = 18.
/// - frame 24 (offset 320): the top-row chips have left (they end at 316): 14.
/// - frame 27 (offset 360): the bottom-row chips have left (they end at 356): 11.
/// v1.1 drops masksToBounds from the chips: frame 0 has the 5 cards only. v2 clips nothing.
@Suite("QQ Music scenes: counts worked out by hand")
struct QQMusicCountTests {
  static func report(_ name: String) throws -> (summary: [String: Any], frames: [[String: Any]]) {
    let path = packageRoot.appendingPathComponent("scenes/\(name).json").path
    let run = ToolRun.run("report", path, "--format", "json")
    try #require(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return (try #require(object["summary"] as? [String: Any]), try #require(object["frames"] as? [[String: Any]]))
  }

  static func passes(_ frames: [[String: Any]], _ index: Int) -> [String: Int] {
    ((frames[index]["byReason"] as? [String: Int]) ?? [:]).filter { $0.value > 0 }
  }

  @Test func v1() throws {
    let (summary, frames) = try Self.report("qqmusic-home-v1")
    #expect(summary["layers"] as? Int == 387)
    #expect(frames.count == 120)
    #expect(Self.passes(frames, 0) == ["rounded-clip": 12])
    #expect(Self.passes(frames, 19) == ["rounded-clip": 18])
    #expect(Self.passes(frames, 24) == ["rounded-clip": 14])
    #expect(Self.passes(frames, 27) == ["rounded-clip": 11])
    #expect((summary["offscreenPasses"] as? [String: Any])?["perFrameMax"] as? Int == 18)
  }

  @Test func v11() throws {
    let (summary, frames) = try Self.report("qqmusic-home-v1.1")
    #expect(summary["layers"] as? Int == 387)
    #expect(Self.passes(frames, 0) == ["rounded-clip": 5])
    // Frame 19 without the 7 chips: 18 - 7 = 11.
    #expect(Self.passes(frames, 19) == ["rounded-clip": 11])
  }

  @Test func v2() throws {
    let (summary, frames) = try Self.report("qqmusic-home-v2")
    #expect(summary["layers"] as? Int == 327)
    #expect(frames.allSatisfy { ($0["offscreenPasses"] as? Int) == 0 })
  }
}
