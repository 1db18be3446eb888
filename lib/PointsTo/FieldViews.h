//===- FieldViews.h - GEP views that fit an object's type -------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: which fields a GEP may reach in an object of a
// declared type (FieldViews.cpp; byteFieldStart is in the public header).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_FIELDVIEWS_H
#define RACESIFT_LIB_POINTSTO_FIELDVIEWS_H

#include <cstdint>

namespace llvm {
class DataLayout;
class Type;
} // namespace llvm

namespace racesift {

/// How memory declared as Declared holds a View (a struct or an element
/// type) at Off (compromise "type-incompatible-field", see FieldViews.cpp).
enum class FieldView {
  Fits,   ///< A View subobject is there, or the memory holds any type.
  Bytes,  ///< A char buffer: the field is somewhere in it (AnyOffset).
  Misfit, ///< No View can be there in a well-typed program.
};
FieldView viewAs(const llvm::DataLayout &DL, llvm::Type *Declared, uint64_t Off,
                 llvm::Type *View);
/// The view of a GEP with this source element type: its innermost element
/// type, or null for byte arithmetic.
llvm::Type *gepView(llvm::Type *SourceElement);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_FIELDVIEWS_H
