#pragma once
// tilescope model, written once over a pattern's CLI glue `C` (app/<pattern>/cli.hpp): one record
// per parameter set, built once and rendered as text or as JSON; `--strategy all` as a table.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "app/cli/measured.hpp"
#include "app/cli/options.hpp"
#include "app/cli/params.hpp"
#include "app/cli/pattern_cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

// Everything `model` says about one parameter set.
template <class C>
struct ModelRecord {
  typename C::Params p;
  const typename C::StrategyInfo& info;
  typename C::Book book;
  typename C::Count count;
  typename C::Launch launch;
  typename C::ModelExtra extra;  // what only this pattern reports (conv1d's load reduction, ...)
};

// For the patterns whose record holds the trait's figures alone.
struct NoModelExtra {
  struct ModelExtra {};
  template <class Params>
  static ModelExtra model_extra(const Params&) {
    return {};
  }
};

template <class C>
ModelRecord<C> model_record(const typename C::Params& p) {
  return {p, C::info(p.strategy), C::book(p), C::count(p), C::launch(p), C::model_extra(p)};
}

template <class C>
nlohmann::json model_json(const ModelRecord<C>& m) {
  nlohmann::json j = {
      {"pattern", C::name()}, {"strategy", m.info.name}, {"book_ref", m.info.book_ref}, {"tile", m.p.tile}};
  j.update(C::model_json_fields(m));
  return j;
}

template <class C>
void print_model(const ModelRecord<C>& m) {
  std::printf("%s %s — %s (%s)\n", C::name().data(), m.info.name.data(), m.info.display_name.data(),
              m.info.book_ref.data());
  C::print_model_lines(m);
}

// Every strategy at the parameters of `base`: the pattern's head, one row per strategy, its foot.
template <class C>
void print_model_table(const typename C::Params& base, const PatternOptions& o) {
  C::print_table_head(base, o);
  for (const typename C::StrategyInfo& info : C::strategies()) {
    typename C::Params p = base;
    p.strategy = info.id;
    C::print_table_row(p, o);
  }
  C::print_table_foot(base);
}

// Whether the glue adds lines of its own about the measured counters (stencil3d: DRAM bytes per step).
template <class C, class = void>
struct HasMeasuredExtra : std::false_type {};
template <class C>
struct HasMeasuredExtra<C, std::void_t<decltype(&C::measured_extra)>> : std::true_type {};

// The object `model --json` prints (the Python module's ts.model returns it). With
// C::kAllIsDefault, `--strategy all` reports the default strategy, its parameters validated first;
// otherwise `all` is an unknown strategy. --measure adds the counters of one launch of the strategy
// (C::measure), or measured_why_not: why there are none.
template <class C>
nlohmann::json model_json_of(const PatternOptions& o) {
  PatternOptions any = o;
  if (o.strategy == "all" && C::kAllIsDefault) any.strategy.clear();
  const typename C::Params p = params_of<C>(any);
  C::validate(p);
  const ModelRecord<C> m = model_record<C>(p);
  nlohmann::json j = model_json(m);
  if (o.measure) {
    const CounterReading measured = C::measure(p);
    if (measured.counters) {
      j.update(measured_json(*measured.counters, double(m.count.flops)));
      if constexpr (HasMeasuredExtra<C>::value) C::measured_extra(m, *measured.counters, &j);
    } else {
      j["measured_why_not"] = measured.why_not;
    }
  }
  return j;
}

// The command. `--strategy all` is a table (with C::kAllIsDefault its parameters are those of the
// default strategy, validated first; otherwise the table checks each row); with --json, as
// model_json_of says. --measure adds the counters of one launch, or says on stderr why there are none.
template <class C>
void model(const PatternOptions& o, bool json) {
  if (json) {
    const nlohmann::json j = model_json_of<C>(o);
    if (j.contains("measured_why_not")) print_why_not_measured(j["measured_why_not"].get<std::string>());
    std::cout << j.dump(2) << "\n";
    return;
  }
  const bool all = o.strategy == "all";
  if (all && o.measure) throw InvalidInput("--measure reads one launch: name its --strategy");
  PatternOptions any = o;
  if (all) any.strategy.clear();
  const typename C::Params p = params_of<C>(any);
  if (all && !C::kAllIsDefault) return print_model_table<C>(p, o);
  C::validate(p);
  if (all) return print_model_table<C>(p, o);
  const ModelRecord<C> m = model_record<C>(p);
  const std::optional<CounterReading> measured = o.measure ? std::optional(C::measure(p)) : std::nullopt;
  print_model(m);
  if (measured) print_measured(*measured, double(m.count.flops));
  if constexpr (HasMeasuredExtra<C>::value)
    if (measured && measured->counters) C::measured_extra(m, *measured->counters, nullptr);
}

template <class Pattern>
void PatternCli<Pattern>::model(const PatternOptions& o, bool json) {
  cli::model<ModelGlue<Pattern>>(o, json);
}

template <class Pattern>
nlohmann::json PatternCli<Pattern>::model_json(const PatternOptions& o) {
  return cli::model_json_of<ModelGlue<Pattern>>(o);
}

}  // namespace tilescope::cli
