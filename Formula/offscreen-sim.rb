# Homebrew formula for a tap: installs the release binary of offscreen-sim for the platform.
# `.github/release/formula.sh <version> SHA256SUMS` points it at a release; the release workflow
# (.github/workflows/release.yml) prints the result in its job summary (docs/ci.md, "Releases").
# A sha256 of 64 zeros marked "placeholder" stands for a release not made yet: no download matches
# it, so `brew install` stops at the checksum and installs nothing.
class OffscreenSim < Formula
  desc "Predicts what a UIKit / Core Animation layer tree costs to render"
  homepage "https://github.com/offscreen-sim/offscreen-sim"
  version "0.1.0"
  # The repository names no license yet: replace this with its SPDX id when it does.
  license :cannot_represent

  on_macos do
    url "https://github.com/offscreen-sim/offscreen-sim/releases/download/v0.1.0/offscreen-sim-0.1.0-macos-universal.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000" # placeholder until v0.1.0 is released
  end

  on_linux do
    on_intel do
      url "https://github.com/offscreen-sim/offscreen-sim/releases/download/v0.1.0/offscreen-sim-0.1.0-linux-x86_64.tar.gz"
      sha256 "0000000000000000000000000000000000000000000000000000000000000000" # placeholder until v0.1.0 is released
    end
    on_arm do
      url "https://github.com/offscreen-sim/offscreen-sim/releases/download/v0.1.0/offscreen-sim-0.1.0-linux-aarch64.tar.gz"
      sha256 "0000000000000000000000000000000000000000000000000000000000000000" # placeholder until v0.1.0 is released
    end
  end

  def install
    bin.install "offscreen-sim"
  end

  test do
    assert_equal "offscreen-sim #{version}\n", shell_output("#{bin}/offscreen-sim --version")
  end
end
