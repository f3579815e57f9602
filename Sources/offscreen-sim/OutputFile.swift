import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every file the tool writes (`-o`, `--html`, `--junit`) goes through here, or to standard
/// output for `-`.
///
/// The tool runs in CI on the files of a pull request, often as root, so writing is careful:
/// - a regular file (or a path that does not exist yet) is replaced atomically: the text is
///   written to a new temporary file in the same folder, flushed, and renamed over the path
///   (`rename(2)` replaces within one file system in one step), so a reader sees the old file
///   or the new one, never a part; the temporary file is removed when anything fails, and on
///   every signal that ends the process and may be caught (``TemporaryFiles``);
/// - a symbolic link is followed: the file it names is replaced, the link stays a link;
/// - a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written in
///   place, never replaced by a regular file;
/// - a block device, a socket or a folder is refused;
/// - a path that is the same file as one of the command's inputs is refused, so `-o` never
///   overwrites the scene it was given.
///
/// Every refusal and failure is an input error (exit 2) naming the path and the reason.
struct OutputFile {
  var io: ToolIO
  /// The files the command read (paths as given; `-` is ignored): an output that is one of them
  /// is refused.
  var inputs: [String] = []

  /// The path given with `-o` (required, so given); a usage error when it is empty.
  static func path(_ given: String?) throws(UsageError) -> String {
    guard let path = given, !path.isEmpty else { throw UsageError("-o needs a file name (- for standard output)") }
    return path
  }

  /// Writes `text` to `path` whole, or to standard output (as a document of `kind`) for `-`.
  func write(_ text: String, to path: String, kind: DocumentKind = .markup) throws(InputError) {
    if path == "-" {
      io.document(text, kind)
      return
    }
    try write(bytes: Array(text.utf8), to: path)
  }

  /// Writes `bytes` to the file at `path` (not `-`), as the type's documentation says.
  func write(bytes: [UInt8], to path: String) throws(InputError) {
    let target = try destination(path)
    switch target.kind {
    case .inPlace:
      try writeInPlace(bytes, to: target.path, shown: path)
    case .replace(let existing):
      try replace(target.path, with: bytes, existing: existing, shown: path)
    }
  }

  // MARK: Where to write

  enum Kind {
    /// A character device or FIFO, opened and written as it is.
    case inPlace
    /// A regular file (its status when it exists) replaced by rename.
    case replace(existing: stat?)
  }

  /// The file `path` names once links are followed, and how to write it; refusals as errors.
  func destination(_ path: String) throws(InputError) -> (path: String, kind: Kind) {
    let resolved = try Self.followingLinks(ScenePaths.resolve(path, in: io.currentDirectory), shown: path)
    var status = stat()
    guard lstat(resolved, &status) == 0 else {
      let error = errno
      guard error == ENOENT else { throw InputError("\(path): error: cannot write the file: \(Self.reason(error))") }
      let folder = ScenePaths.folder(of: resolved)
      var folderStatus = stat()
      guard stat(folder, &folderStatus) == 0, Self.type(folderStatus) == S_IFDIR else {
        throw InputError("\(path): error: cannot write the file: the folder \(folder) does not exist")
      }
      return (resolved, .replace(existing: nil))
    }
    try refuseInput(status, path: path)
    switch Self.type(status) {
    case S_IFREG:
      // Renaming needs only the folder's permission; a file its owner made read-only stays so.
      guard access(resolved, W_OK) == 0 else { throw InputError("\(path): error: cannot write the file: \(Self.reason(errno))") }
      return (resolved, .replace(existing: status))
    case S_IFCHR, S_IFIFO: return (resolved, .inPlace)
    case S_IFDIR: throw InputError("\(path): error: is a directory; give a file name to write")
    case S_IFBLK:
      throw InputError("\(path): error: is a block device; the tool writes regular files, character devices and pipes only")
    default: throw InputError("\(path): error: is not a regular file, a character device or a pipe; nothing was written")
    }
  }

  /// Refuses an output that is the same file (device and inode) as one of ``inputs``.
  private func refuseInput(_ output: stat, path: String) throws(InputError) {
    for input in inputs where input != "-" {
      var status = stat()
      guard stat(ScenePaths.resolve(input, in: io.currentDirectory), &status) == 0 else { continue }
      if status.st_dev == output.st_dev && status.st_ino == output.st_ino {
        throw InputError(
          "\(path): error: is the input \(input); the tool does not write over a file it reads; give another output path")
      }
    }
  }

  /// `path` with every symbolic link on its last component followed (a link to a link...), as
  /// `open(2)` would; at most 40 links, as Linux's `MAXSYMLINKS`. A link that names nothing
  /// gives the path it names, so the file is created there.
  static func followingLinks(_ path: String, shown: String) throws(InputError) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, type(status) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { throw InputError("\(shown): error: cannot read the link: \(reason(errno))") }
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : ScenePaths.join(ScenePaths.folder(of: current), target)
    }
    throw InputError("\(shown): error: too many symbolic links")
  }

  // MARK: Writing

  private func writeInPlace(_ bytes: [UInt8], to path: String, shown: String) throws(InputError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw InputError("\(shown): error: cannot write the file: \(Self.reason(errno))") }
    defer { close(descriptor) }
    if let error = Self.writeAll(bytes, to: descriptor) {
      throw InputError("\(shown): error: cannot write the file: \(Self.reason(error))")
    }
  }

  private func replace(_ path: String, with bytes: [UInt8], existing: stat?, shown: String) throws(InputError) {
    let folder = ScenePaths.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? "output"
    var temporary = ""
    var descriptor: Int32 = -1
    // A name no one else uses: O_EXCL fails rather than open a file (or follow a link) already there.
    for _ in 0..<16 {
      temporary = ScenePaths.join(folder, ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
      descriptor = TemporaryFiles.create(temporary, mode: existing.map { mode_t($0.st_mode) & 0o777 } ?? 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      throw InputError("\(shown): error: cannot write the file: \(Self.reason(errno)) (creating a temporary file in \(folder))")
    }
    var failure: Int32? = nil
    if let existing {
      // Keep the replaced file's permissions, and its owner when the tool may set it (as root).
      _ = fchmod(descriptor, mode_t(existing.st_mode) & 0o777)
      if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
    }
    failure = Self.writeAll(bytes, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    #if DEBUG
      // Tests stop here (a minute at most) to interrupt the tool while its temporary file exists.
      if failure == nil, io.environment["OFFSCREEN_SIM_TEST_HOLD_OUTPUT"] != nil {
        io.writeErr("holding \(temporary)\n")
        sleep(60)
      }
    #endif
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
      TemporaryFiles.remove(temporary)
      throw InputError("\(shown): error: cannot write the file: \(Self.reason(failure))")
    }
    TemporaryFiles.forget(temporary)
  }

  /// Writes all of `bytes`, retrying short and interrupted writes; the `errno` of a failure.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
      var written = 0
      while written < buffer.count {
        let count = posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += count
      }
      return nil
    }
  }

  static func type(_ status: stat) -> mode_t { status.st_mode & S_IFMT }

  static func reason(_ error: Int32) -> String {
    switch error {
    case EACCES, EPERM: return "permission denied"
    case ENOSPC: return "no space left on the device"
    case EROFS: return "the file system is read-only"
    case ENOENT: return "no such file or folder"
    case ENOTDIR: return "a component of the path is not a folder"
    default: return String(cString: strerror(error))
    }
  }
}

/// `write(2)`, named apart from ``OutputFile``'s methods.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
