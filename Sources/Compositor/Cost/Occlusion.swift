import LayerTree

/// Hidden-surface removal on a tile-based deferred GPU: opaque pixels covered by other opaque
/// pixels drawn later into the same render target are never shaded.
///
/// PowerVR's and Apple's GPUs sort each tile's opaque fragments by depth before shading and
/// shade only the front one ("hidden surface removal", Apple's Metal feature-set and "Tailor your
/// Metal apps for Apple GPUs" material; Imagination's PowerVR architecture guide). Core Animation
/// draws layers back to front, so an opaque layer hides the opaque parts of the layers drawn
/// before it in the same target. Blended pixels are always shaded and hide nothing: they need
/// what is under them. This is why Apple's first blending fix, making a layer opaque, saves GPU
/// time: the layer is shaded without blending and what is under it is not shaded at all.
///
/// Areas are counted per layer: the hidden part of a layer is the sum of its overlaps with the
/// opaque layers drawn after it in its target, at most its own area (opaque layers above it that
/// overlap each other are rare: sibling views tile a screen).
///
/// - Complexity: O(n x k) for n layers, k the opaque layers sharing a band of the screen with
///   each, at most ``maxVisited`` visited (``maxCandidates`` in its columns) per layer.
enum Occlusion {
  struct Entry {
    /// What the layer draws, in screen points.
    var rect: Rect
    /// It covers `rect` with opaque pixels.
    var opaque: Bool
    /// The render target it is drawn into (the screen, or an offscreen pass's layer).
    var target: Int
  }

  /// Opaque layers looked at for one layer (those that reach its columns); more overlapping
  /// layers than this add nothing. A row of a screen holds a few dozen opaque layers at most: more
  /// than 64 over one layer, none of them covering it, is a stack no screen draws.
  static let maxCandidates = 64
  /// Opaque layers visited for one layer in its bands, whether they reach its columns or not: a
  /// band of a screen 1/32 of its height holds far fewer; thousands are a generated stack, and
  /// without this bound each layer would walk all of them (quadratic in the layers).
  static let maxVisited = 256

  /// The opaque layers by band of the screen, kept from frame to frame so that a frame allocates
  /// nothing: each band is a list threaded through `next`, in the order its layers were added.
  struct Scratch {
    var first: [Int32] = []
    var last: [Int32] = []
    /// Per link: the entry it holds and the next link of the same band (-1 at the end); past the
    /// frame's links, room kept for the next.
    var entry: [Int32] = []
    var next: [Int32] = []
    var seenFor: [Int32] = []
    /// Per render target (from the lowest target of the frame's entries), the opaque layers
    /// already in the bands.
    var opaqueInTarget: [Int32] = []

    init() {}
  }

  /// Horizontal bands over the screen's height. Screens are lists: a layer spans a few bands, and
  /// the layers that can hide it are the ones in those bands.
  static let bands = 32

  /// The hidden area of each entry (points), in the entries' order (drawing order).
  static func hiddenAreas(_ entries: [Entry], bounds: Rect) -> [Double] {
    var scratch = Scratch()
    var hidden: [Double] = []
    hiddenAreas(entries, bounds: bounds, into: &hidden, scratch: &scratch)
    return hidden
  }

  /// ``hiddenAreas(_:bounds:)`` into `hidden`, with the bands in `scratch`, both reused across
  /// frames.
  static func hiddenAreas(_ entries: [Entry], bounds: Rect, into hidden: inout [Double], scratch: inout Scratch) {
    hidden.refill(with: 0, count: entries.count)
    entries.withUnsafeBufferPointer { entries in
      hidden.withUnsafeMutableBufferPointer { hidden in hiddenAreas(entries, bounds: bounds, into: hidden, scratch: &scratch) }
    }
  }

  /// ``hiddenAreas(_:bounds:)`` of `entries` into `hidden` (as many, set to 0 by the caller), with
  /// the bands in `scratch`.
  static func hiddenAreas(
    _ entries: UnsafeBufferPointer<Entry>, bounds: Rect, into hidden: UnsafeMutableBufferPointer<Double>, scratch: inout Scratch
  ) {
    guard entries.contains(where: \.opaque), bounds.width > 0, bounds.height > 0 else { return }
    let bands = Self.bands
    let bandHeight = bounds.height / Double(bands)
    scratch.first.refill(with: -1, count: bands)
    scratch.last.refill(with: -1, count: bands)
    scratch.seenFor.refill(with: -1, count: entries.count)
    // The bands an entry spans on the screen, or nil when it is off it.
    @inline(__always) func bandRange(_ entry: Entry) -> ClosedRange<Int>? {
      let r = entry.rect.intersection(bounds)
      if r.isEmpty { return nil }
      let firstBand = min(bands - 1, max(0, Int((r.minY - bounds.minY) / bandHeight)))
      let lastBand = min(bands - 1, max(0, Int((r.maxY - bounds.minY - 1e-9) / bandHeight)))
      guard firstBand <= lastBand else { return nil }
      return firstBand...lastBand
    }
    // A link for each opaque entry in each of its bands: room for them all, made before they are
    // written in place.
    var linkCount = 0
    for entry in entries where entry.opaque {
      if let range = bandRange(entry) { linkCount += range.count }
    }
    scratch.entry.grow(to: linkCount, with: -1)
    scratch.next.grow(to: linkCount, with: -1)
    // Only a layer drawn after into the same target hides a layer: one whose target has no opaque
    // layer yet is hidden by nothing, and its bands need no search (a stack of layers each drawn
    // into an offscreen pass of its own would otherwise look at 64 others each). Counted per
    // target when the targets span at most a few times the entries (a layer's index, or -1 for
    // the screen), as they do in a frame.
    var lowestTarget = Int.max
    var highestTarget = Int.min
    for entry in entries {
      lowestTarget = min(lowestTarget, entry.target)
      highestTarget = max(highestTarget, entry.target)
    }
    let (span, overflow) = highestTarget.subtractingReportingOverflow(lowestTarget)
    let countsTargets = !overflow && span < max(1_024, entries.count * 4)
    scratch.opaqueInTarget.refill(with: 0, count: countsTargets ? span + 1 : 0)
    // Taken out by swapping, which moves them (a copy and an assignment would retain and release
    // each), and put back the same way.
    var first: [Int32] = []
    var last: [Int32] = []
    var links: [Int32] = []
    var next: [Int32] = []
    var seenFor: [Int32] = []
    var opaqueInTarget: [Int32] = []
    swap(&first, &scratch.first)
    swap(&last, &scratch.last)
    swap(&links, &scratch.entry)
    swap(&next, &scratch.next)
    swap(&seenFor, &scratch.seenFor)
    swap(&opaqueInTarget, &scratch.opaqueInTarget)
    defer {
      swap(&first, &scratch.first)
      swap(&last, &scratch.last)
      swap(&links, &scratch.entry)
      swap(&next, &scratch.next)
      swap(&seenFor, &scratch.seenFor)
      swap(&opaqueInTarget, &scratch.opaqueInTarget)
    }
    first.withUnsafeMutableBufferPointer { first in
      last.withUnsafeMutableBufferPointer { last in
        seenFor.withUnsafeMutableBufferPointer { seenFor in
          links.withUnsafeMutableBufferPointer { links in
            next.withUnsafeMutableBufferPointer { next in
              var made = 0
              // Back to front reversed: every opaque layer already in the bands is drawn after this one.
              for index in stride(from: entries.count - 1, through: 0, by: -1) {
                let entry = entries[index]
                // Nothing hides a layer whose target has no opaque layer yet: its hidden area stays
                // 0, and unless it is opaque itself its bands are not needed.
                let unhidden = countsTargets && opaqueInTarget[entry.target - lowestTarget] == 0
                if unhidden && !entry.opaque { continue }
                guard let range = bandRange(entry) else { continue }
                if !unhidden {
                  hidden[index] = hiddenArea(
                    of: index, entries: entries, bands: range, first: first, links: links, next: next, seenFor: seenFor)
                }
                // The first layer drawn hides nothing: no layer is left to look for it (a screen's
                // background spans every band).
                if entry.opaque && index > 0 {
                  if countsTargets { opaqueInTarget[entry.target - lowestTarget] += 1 }
                  for band in range {
                    let link = Int32(made)
                    links[made] = Int32(index)
                    next[made] = -1
                    made += 1
                    if last[band] >= 0 { next[Int(last[band])] = link } else { first[band] = link }
                    last[band] = link
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The hidden area of `entries[index]`: its overlaps with the opaque layers in `bands` drawn
  /// after it into its target, at most its area, from the first ``maxCandidates`` that reach its
  /// columns among the first ``maxVisited``.
  @inline(__always)
  private static func hiddenArea(
    of index: Int, entries: UnsafeBufferPointer<Entry>, bands: ClosedRange<Int>, first: UnsafeMutableBufferPointer<Int32>,
    links: UnsafeMutableBufferPointer<Int32>, next: UnsafeMutableBufferPointer<Int32>, seenFor: UnsafeMutableBufferPointer<Int32>
  ) -> Double {
    let entry = entries[index]
    let area = entry.rect.area
    var covered = 0.0
    var looked = 0
    var visited = 0
    search: for band in bands {
      var link = Int(first[band])
      while link >= 0 {
        let other = Int(links[link])
        link = Int(next[link])
        if Int(seenFor[other]) == index { continue }
        seenFor[other] = Int32(index)
        visited += 1
        if visited > maxVisited { break search }
        let occluder = entries[other]
        // Only layers that reach this one's columns count as looked at.
        guard occluder.rect.maxX > entry.rect.minX, occluder.rect.minX < entry.rect.maxX else { continue }
        looked += 1
        if occluder.target == entry.target { covered += occluder.rect.intersection(entry.rect).area }
        if covered >= area || looked >= maxCandidates { break search }
      }
    }
    return min(covered, area)
  }
}
