/// Where the GPU's memory traffic goes: the chip's system-level cache when the data fits in the
/// share of it the GPU can hold, DRAM otherwise.
///
/// On a tile-based GPU (every iPhone's) a layer's pixels are shaded and blended in on-chip tile
/// memory; only what leaves the tiles costs memory traffic: a render target stored at the end of
/// its pass and read back to be composited, textures sampled, the frame stored for the display.
/// Since the A7 the GPU shares a system-level cache with the CPUs (4 MB up to the A11, 8 MB on
/// the A12, 16 MB on the A13 and A14, 32 MB on the A15: AnandTech's die and latency analyses); a
/// render target small enough to stay in it is written and read back without touching DRAM.
struct MemorySystem: Sendable {
  /// DRAM bandwidth in bytes per second.
  let dramBandwidth: Double
  /// Bytes of the system cache the GPU's data can occupy.
  let cacheBytes: Double
  /// The system cache's bandwidth over DRAM's.
  let cacheSpeedup: Double
  /// Bytes a render target's pixel takes in memory over its uncompressed size: below 1 on GPUs
  /// that compress render targets losslessly (``DeviceProfile/compressesRenderTargets``).
  let targetCompression: Double

  init(device: DeviceProfile, coefficients: CostCoefficients) {
    dramBandwidth = device.memoryBandwidth
    cacheBytes = device.systemCacheBytes * coefficients.systemCacheGPUShare
    cacheSpeedup = coefficients.systemCacheSpeedup
    targetCompression = device.compressesRenderTargets ? coefficients.targetCompressionRatio : 1
  }

  /// Seconds to move `bytes` of data whose whole footprint is `footprint` bytes: the part of the
  /// footprint that fits in the cache moves at the cache's bandwidth, the rest at DRAM's.
  func seconds(_ bytes: Double, footprint: Double) -> Double {
    guard bytes > 0 else { return 0 }
    let resident = footprint <= 0 ? 1 : min(1, cacheBytes / footprint)
    return bytes * (resident / (dramBandwidth * cacheSpeedup) + (1 - resident) / dramBandwidth)
  }

  /// Seconds to store or load `bytes` of render targets (offscreen targets, cached bitmaps) whose
  /// footprint is `footprint` bytes, both compressed where the GPU compresses them.
  func targetSeconds(_ bytes: Double, footprint: Double) -> Double {
    seconds(bytes * targetCompression, footprint: footprint * targetCompression)
  }

  /// Seconds to move `bytes` to or from DRAM (the frame the display scans out).
  func dramSeconds(_ bytes: Double) -> Double { bytes / dramBandwidth }
}
