#include <boost/hana/equal.hpp>
#include <cstdio>
#include <strider/hana.hpp>
#include <strider/strider.hpp>

int main() {
  using namespace boost::hana::literals;
  using flipped = strider::flip_t<strider::contiguous<2, 3>, 1>;
  static_assert(strider::strides_c<flipped> == boost::hana::make_tuple(3_c, boost::hana::llong_c<-1>));
  const auto dynamic = strider::flip(strider::dynamic_layout::contiguous({2, 3}), {1});
  std::printf("installed strider works: offset %lld\n", static_cast<long long>(dynamic.offset()));
  return dynamic == flipped::dynamic() ? 0 : 1;
}
