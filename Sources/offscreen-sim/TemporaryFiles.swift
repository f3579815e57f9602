import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files ``OutputFile`` is writing, removed if the process is ended by a signal.
///
/// The first file created installs a handler for every signal whose default action ends the
/// process and that a handler may catch without standing in the way of a crash report
/// (``endingSignals``): the ones a user, a shell, a CI runner or the kernel's limits send
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU and SIGXFSZ,
/// sent when a write passes the file size limit, `ulimit -f`; SIGVTALRM, SIGPROF). A handler
/// removes every file still listed (`unlink(2)` is async-signal-safe, POSIX.1-2017 2.4.3),
/// restores the default action and raises the signal again, so the process ends as it would
/// have, with the status a shell reports for that signal (130 for SIGINT).
///
/// Not caught: SIGKILL and SIGSTOP, which no process can catch, and the signals of a fault in the
/// process itself (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS), which the Swift
/// runtime turns into a crash report; after either, the hidden `.<name>.<pid>.<random>.tmp` file
/// stays beside the output, which is untouched.
///
/// A handler is a C function: it captures nothing and reaches the paths through a global. They
/// are kept as C strings in a fixed table that is made before the first handler is installed and
/// never freed, so a handler allocates nothing and reads no memory being changed under it but one
/// slot pointer (written whole); a slot is cleared before its file is renamed away, and a stale
/// pointer only names a file that no longer exists.
enum TemporaryFiles {
  /// Files written at once; the tool writes one at a time.
  static let capacity = 8

  nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()
  private static let lock = NSLock()
  nonisolated(unsafe) private static var handlersInstalled = false

  /// Creates `path` exclusively (`O_CREAT | O_EXCL`, so no file or link already there is
  /// opened) with `mode` (less the umask), lists it, and returns its descriptor; -1 with
  /// `errno` set when it cannot.
  static func create(_ path: String, mode: mode_t) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    installHandlers()
    guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else {
      errno = EMFILE
      return -1
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
    if descriptor >= 0 { slots[slot] = strdup(path) }
    return descriptor
  }

  /// Removes `path` and takes it off the list.
  static func remove(_ path: String) {
    forget(path)
    unlink(path)
  }

  /// Takes `path` off the list (it was renamed into place). The string stays allocated: a
  /// handler running now may still read it.
  static func forget(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    for slot in 0..<capacity {
      if let entry = slots[slot], String(cString: entry) == path { slots[slot] = nil }
    }
  }

  /// The files listed now, for tests.
  static var listed: [String] {
    lock.lock()
    defer { lock.unlock() }
    return (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
  }

  /// Removes every listed file; what a handler does before the process ends.
  static func removeAll() {
    for slot in 0..<capacity {
      if let entry = slots[slot] { unlink(entry) }
    }
  }

  /// The signals whose handler removes the files: every one whose default action ends the
  /// process, but those of a fault (left to the runtime's crash report) and those no process can
  /// catch.
  static let endingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
  ]

  private static func installHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    // The table is made now, before any handler can run: a handler must not be the first to
    // touch it (that would allocate, in a signal handler).
    _ = slots
    for signal in endingSignals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { number in
          TemporaryFiles.removeAll()
          Glibc.signal(number, SIG_DFL)
          raise(number)
        }
      #else
        action.__sigaction_u.__sa_handler = { number in
          TemporaryFiles.removeAll()
          Darwin.signal(number, SIG_DFL)
          raise(number)
        }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      // A signal the shell set to be ignored (`nohup`, a background job's SIGINT) stays ignored.
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      #if canImport(Glibc)
        let ignored = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      #else
        let ignored = unsafeBitCast(previous.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      #endif
      if !ignored { sigaction(signal, &action, nil) }
    }
  }
}
