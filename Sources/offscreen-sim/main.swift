import Foundation

// The command runs on a thread with a large stack: reading, simulating and printing a scene
// walk its layer tree recursively, and scenes may nest layers 1,000 deep (docs/scene-format.md,
// Limits). The stack is reserved, not used: only the pages a deep scene touches are mapped.
let command = Thread {
  exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
}
command.stackSize = 1 << 30
command.start()
while true { sleep(1_000) }
