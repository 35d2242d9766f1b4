// gridmilp — what every genre shares: the check of a requested model's name.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/genre.h"

#include <algorithm>
#include <string>

#include "puzzles/input_error.h"

namespace gridmilp::puzzles {

std::string Genre::modelList() const {
  const std::vector<std::string_view> known = models();
  std::string out;
  for (std::size_t k = 0; k < known.size(); ++k) {
    if (k > 0) out += k + 1 == known.size() ? " and " : ", ";
    out += known[k];
  }
  return out;
}

void Genre::requireModel(std::string_view model) const {
  const std::vector<std::string_view> known = models();
  if (std::find(known.begin(), known.end(), model) != known.end()) return;
  throw badRequest("options.model", std::string(title()) + " has the model" +
                                        (known.size() == 1 ? " " : "s ") + modelList() + ", not '" +
                                        std::string(model) + "'");
}

}  // namespace gridmilp::puzzles
