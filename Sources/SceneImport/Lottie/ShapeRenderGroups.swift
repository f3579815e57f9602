/// The shape items one `ShapeItemLayer` draws: the path-drawing items and what styles them.
struct ShapeRenderGroup: Sendable {
  var pathItems: [ShapeItem] = []
  var otherItems: [ShapeItem] = []
}

/// lottie-ios' split of a group's items into the units drawn by one `ShapeItemLayer` each
/// (`ShapeLayer.swift`, `[ShapeItemLayer.Item].shapeRenderGroups`), step by step:
///
/// 1. Items are read front to back. A path item joins the current unit (a new unit starts when
///    the current one already has a trim: a trim applies only to the paths before it). A fill
///    joins the current unit and closes it (a fill applies only to the paths before it; a unit
///    with no path borrows the previous unit's paths unless child groups inherit it). Any other
///    item (stroke, trim, transform, ...) applies to every unit so far.
/// 2. A unit with more than one fill or stroke, a stroke below its fill, or fills and strokes
///    whose opacity keyframes differ, becomes one unit per fill and stroke, each with all the
///    paths (a `CAShapeLayer` draws one fill, one stroke over it, and has one opacity).
/// 3. Units without a path are dropped; items used by no unit are handed to child groups.
enum ShapeRenderGroups {
  static func split(_ items: [ShapeItem], childGroupsInheritUnused: Bool) -> (valid: [ShapeRenderGroup], unused: [ShapeItem]) {
    var groups = [ShapeRenderGroup()]
    for item in items {
      let last = groups.count - 1
      if item.drawsPath {
        if groups[last].otherItems.contains(where: \.isTrim) {
          groups.append(ShapeRenderGroup())
        }
        groups[groups.count - 1].pathItems.append(item)
      } else if item.isFill {
        groups[last].otherItems.append(item)
        if groups[last].pathItems.isEmpty, !childGroupsInheritUnused, last > 0 {
          groups[last].pathItems = groups[last - 1].pathItems
        }
        groups.append(ShapeRenderGroup())
      } else {
        for index in groups.indices { groups[index].otherItems.append(item) }
      }
    }

    groups = groups.flatMap { group -> [ShapeRenderGroup] in
      let paints = group.otherItems.filter { $0.isFill || $0.isStroke }
      let others = group.otherItems.filter { !($0.isFill || $0.isStroke) }
      let fills = paints.filter(\.isFill)
      let strokes = paints.filter(\.isStroke)
      var strokeOverFill = false
      if let strokeIndex = paints.firstIndex(where: \.isStroke), let fillIndex = paints.firstIndex(where: \.isFill) {
        strokeOverFill = strokeIndex < fillIndex
      }
      let firstOpacity = paints.first?.paintOpacity
      let sameOpacity = paints.allSatisfy { $0.paintOpacity == firstOpacity }
      if fills.count <= 1, strokes.count <= 1, strokeOverFill, sameOpacity {
        return [group]
      }
      return paints.map { paint in ShapeRenderGroup(pathItems: group.pathItems, otherItems: [paint] + others) }
    }

    groups = groups.filter { !$0.pathItems.isEmpty }
    var used = Set<String>()
    for group in groups {
      for item in group.pathItems + group.otherItems { used.insert(item.source.path) }
    }
    let unused = items.filter { !used.contains($0.source.path) }
    return (groups, unused)
  }
}
