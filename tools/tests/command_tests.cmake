# Tests of the `strider` command (included by tools/CMakeLists.txt). Each expected output was
# worked out by hand from the layout rules (NumPy/PyTorch semantics), not copied from a run.
# In the regular expressions '@' is a line end (see run_command.cmake).
set(x ${strider_exe})

# contiguous(3, 4) has strides (4, 1); [1:, ::-1] starts at row 1, last column: offset 4 + 3 = 7.
strider_command_test(grid COMMAND ${x} "contiguous(3, 4)[1:, ::-1]"
  STDOUT "^shape \\(2, 4\\), strides \\(4, -1\\), offset 7@ 7  6  5  4@11 10  9  8@$")
# contiguous(2, 3, 2) has strides (6, 2, 1); permute(2, 0, 1) gives strides (1, 6, 2).
strider_command_test(grid_rank3 COMMAND ${x} "contiguous(2, 3, 2).permute(2, 0, 1)"
  STDOUT "^shape \\(2, 2, 3\\), strides \\(1, 6, 2\\), offset 0@\\[0, :, :\\]@ 0  2  4@ 6  8 10@@\\[1, :, :\\]@ 1  3  5@ 7  9 11@$")
strider_command_test(grid_empty COMMAND ${x} "contiguous(2, 0, 3)" STDOUT "@\\(empty: shape \\(2, 0, 3\\), no elements\\)@$")
strider_command_test(grid_rank0 COMMAND ${x} "contiguous()" STDOUT "^shape \\(\\), strides \\(\\), offset 0@0@$")
# The transpose of contiguous(2, 3): shape (3, 2), strides (1, 3).
strider_command_test(markdown COMMAND ${x} --format md "contiguous(2, 3).transpose(0, 1)"
  STDOUT "^\\| i0 \\\\ i1 \\| 0 \\| 1 \\|@\\|---:\\|---:\\|---:\\|@\\| 0 \\| 0 \\| 3 \\|@\\| 1 \\| 1 \\| 4 \\|@\\| 2 \\| 2 \\| 5 \\|@$")
# A broadcast row: stride 0 along the new axis repeats offsets 0 and 1.
strider_command_test(csv COMMAND ${x} --format=csv "contiguous(2)[None].broadcast_to(2, 2)"
  STDOUT "^i0,i1,offset@0,0,0@0,1,1@1,0,0@1,1,1@$")
# Windows of 3 every 2 over 8 elements: (8 - 3) / 2 + 1 = 3 windows, offsets 2 and 4 shared.
strider_command_test(json COMMAND ${x} --format json "contiguous(8).unfold(0, 3, 2)"
  STDOUT "\"shape\": \\[3, 3\\],@  \"strides\": \\[2, 1\\],@  \"offset\": 0,@  \"size\": 9,@  \"is_contiguous\": false,@  \"is_unique\": false,@  \"min_offset\": 0,@  \"max_offset\": 6,@  \"required_span\": 7,@  \"storage_size\": 8,@  \"offsets\": \\[\\[0, 1, 2\\], \\[2, 3, 4\\], \\[4, 5, 6\\]\\]@}@$")
# flip(1) of contiguous(2, 2): strides (2, -1), offset 1.
strider_command_test(cpp COMMAND ${x} --format cpp --name m "contiguous(2, 2).flip(1)"
  STDOUT "std::array<std::int64_t, 2> m_shape = {2, 2};@inline constexpr std::array<std::int64_t, 2> m_strides = {2, -1};@inline constexpr std::int64_t m_offset = 1;@inline constexpr std::array<std::int64_t, 4> m = {@    1, 0, 3, 2,@};@$")
strider_command_test(svg COMMAND ${x} --format svg "contiguous(3, 4)[1:, ::-1]" STDOUT "^<\\?xml .*<svg xmlns=\"http://www.w3.org/2000/svg\".*</svg>@$")
strider_command_test(output_file COMMAND ${x} --format json -o ${CMAKE_CURRENT_BINARY_DIR}/output_file.json "contiguous(2)" STDOUT "^$")
# The transpose of contiguous(3, 4) (strides (1, 4)) flattens only in column-major order.
strider_command_test(info COMMAND ${x} --info "contiguous(3, 4).transpose(0, 1)"
  STDOUT "shape +\\(4, 3\\)@strides +\\(1, 4\\)@offset +0@size +12@is_contiguous +false@is_unique +true@min_offset +0@max_offset +11@required_span +12@.*\\.view\\(-1\\) +no .*\\.permute\\(1, 0\\)\\.view\\(-1\\) +yes")
# A reshape that no view can be (issue 53, item 6): its layout is a copy's, and each format says so.
strider_command_test(copy_grid COMMAND ${x} "contiguous(3, 4).T.reshape(12)"
  STDOUT "^shape \\(12,\\), strides \\(1,\\), offset 0@\\(the layout of a copy: reshape\\(12\\) has no view of this shape\\)@ 0  1")
strider_command_test(copy_md COMMAND ${x} --format md "contiguous(3, 4).T.reshape(12)" STDOUT "^\\*the layout of a copy: reshape\\(12\\) has no view of this shape\\*@@\\| i0")
strider_command_test(copy_json COMMAND ${x} --format json "contiguous(3, 4).T.reshape(12)" STDOUT "^{@  \"copy\": \"reshape\\(12\\)\",@  \"shape\": \\[12\\]")
strider_command_test(copy_cpp COMMAND ${x} --format cpp "contiguous(3, 4).T.ravel()" STDOUT "^// the layout of a copy: ravel\\(\\) has no view of this shape@// Generated")
strider_command_test(copy_csv COMMAND ${x} --format csv "contiguous(3, 4).T.reshape(12)" STDERR "^strider: note: the layout of a copy: reshape\\(12\\)")
strider_command_test(copy_svg COMMAND ${x} --format svg "contiguous(3, 4).T.reshape(12)" STDOUT "\\(the layout of a copy: reshape\\(12\\) has no view of this shape\\)")
strider_command_test(copy_info COMMAND ${x} --info "contiguous(3, 4).T.reshape(12)" STDOUT "@copy +reshape\\(12\\): no view has this shape")
strider_command_test(no_copy_view COMMAND ${x} "contiguous(3, 4).reshape(12)" STDOUT "^shape \\(12,\\), strides \\(1,\\), offset 0@ 0  1")
strider_command_test(info_broadcast COMMAND ${x} --info "contiguous(3)[None].broadcast_to(2, 3)" STDOUT "strides +\\(0, 1\\)@.*is_unique +false@.*required_span +3@")
strider_command_test(emit_cpp COMMAND ${x} --emit-cpp "contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1)"
  STDOUT "^strider::permute_t<strider::slice_t<strider::contiguous<3, 4, 5>, \"1:, ::-1\">, 2, 0, 1>@$")
# Mixed layouts: --dyn names the base's run-time extents (docs/mixed.md).
strider_command_test(emit_mixed COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3, 8, 8)[:, :, 2:-2, ::-1].permute(0, 2, 3, 1)"
  STDOUT "^strider::permute_t<strider::slice_t<strider::contiguous<strider::dyn, 3, 8, 8>, \":, :, 2:-2, ::-1\">, 0, 2, 3, 1>@$")
strider_command_test(emit_mixed_layout COMMAND ${x} --emit-cpp --dyn 0,1 "layout((4, 3), (3, 1), 2)"
  STDOUT "^strider::layout<strider::shape<strider::dyn, strider::dyn>, strider::strides<3, 1>, 2>@$")
strider_command_test(info_mixed COMMAND ${x} --info --dyn 0 "contiguous(4, 3, 8, 8)[1:, :, ::-1]"
  STDOUT "static_shape +\\(dyn, 3, 8, 8\\)@static_strides +\\(192, 64, -8, 1\\)@static_offset +248@$")
strider_command_test(error_mixed_coalesce RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 8)[:, 1:].coalesce()"
  STDERR "^strider: coalesce: whether axis 0 of the layout stays an axis depends on its extent, known only at run time")
strider_command_test(info_mixed_coalesce COMMAND ${x} --info --dyn 0 "contiguous(4, 3, 8, 8).coalesce()"
  STDOUT "static_shape +\\(dyn_multiple<192>,\\)@static_strides +\\(1,\\)")
strider_command_test(emit_mixed_logical_divide COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 64).logical_divide((16,), (1,))"
  STDOUT "^strider::logical_divide_t<strider::contiguous<strider::dyn, 64>, strider::layout<strider::shape<16>, strider::strides<1>>>@$")
strider_command_test(emit_mixed_view COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3, 8, 8)[::2].view(-1, 192)"
  STDOUT "^strider::view_t<strider::slice_t<strider::contiguous<strider::dyn, 3, 8, 8>, \"::2\">, -1, 192>@$")
strider_command_test(info_mixed_view COMMAND ${x} --info --dyn 0 "contiguous(4, 3, 8, 8)[::2].view(-1, 192)"
  STDOUT "static_strides +\\(384, 1\\)")
strider_command_test(emit_mixed_split COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3, 8).split(2, 1)[1]"
  STDOUT "^strider::split_part_t<strider::contiguous<strider::dyn, 3, 8>, 2, 1, 1>@$")
strider_command_test(error_mixed_unbind RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3, 8).unbind(0)[1]"
  STDERR "^strider: unbind: the number of parts depends on the extent of dimension 0, which is known only at run time")
# --dyn 0:4: a batch known to be a multiple of 4 rows, tiled by 4 at compile time.
strider_command_test(emit_mixed_dyn_multiple COMMAND ${x} --emit-cpp --dyn 0:4 "contiguous(8, 64).tile(4, 16)"
  STDOUT "^strider::tile_t<strider::contiguous<strider::dyn_multiple<4>, 64>, 4, 16>@$")
# A multiple of 4 reversed and taken every second: a multiple of 2 (docs/mixed.md, slice).
strider_command_test(info_mixed_dyn_multiple COMMAND ${x} --info --dyn 0:4 "contiguous(8, 64)[::-2]"
  STDOUT "static_shape +\\(dyn_multiple<2>, 64\\)")
strider_command_test(error_dyn_multiple_extent RC 2 COMMAND ${x} --emit-cpp --dyn 0:4 "contiguous(6, 64)"
  STDERR "^strider: expression: run-time axis 0 is a multiple of 4, but its extent here is 6")
strider_command_test(error_dyn_syntax RC 2 COMMAND ${x} --emit-cpp --dyn 0:x "contiguous(6, 64)"
  STDERR "--dyn '0:x' is not a list of axes")
strider_command_test(info_mixed_multiple COMMAND ${x} --info --dyn 0 "contiguous(4, 3, 8).view(-1, 4)"
  STDOUT "static_shape +\\(dyn_multiple<6>, 4\\)")
strider_command_test(info_mixed_rearrange COMMAND ${x} --info --dyn 0 "contiguous(2, 3, 8, 8).rearrange(\"b c (h p) w -> b c h (p w)\", p=2)"
  STDOUT "static_shape +\\(dyn, 3, 4, 16\\)@static_strides +\\(192, 64, 16, 1\\)")
strider_command_test(error_mixed_reshape RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3, 8, 8).permute(0, 2, 3, 1).reshape(-1, 3)"
  STDERR "^strider: reshape: whether this is a view or a copy depends on an entry known only at run time")
strider_command_test(error_mixed_squeeze RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3).squeeze()"
  STDERR "^strider: squeeze: which axes have extent 1 depends on an extent known only at run time")
strider_command_test(emit_mixed_as_strided COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3)[0].as_strided((2,), (2,))"
  STDOUT "^strider::as_strided_t<strider::slice_t<strider::contiguous<strider::dyn, 3>, \"0\">, strider::shape<2>, strider::strides<2>>@$")
strider_command_test(error_mixed_as_strided_offset RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3)[-1].as_strided((2,), (2,))"
  STDERR "^strider: as_strided: the input's offset is known only at run time")
# The input's static offset holds only where it is not empty: [2:] is empty for a run-time extent of 1
# or 2, and then starts at 3, not 6.
strider_command_test(error_mixed_as_strided_maybe_empty RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 3)[2:].as_strided((2,), (2,))"
  STDERR "^strider: as_strided: the input's offset is known only at run time where its run-time extent \\(axis 0\\) may make it empty")
strider_command_test(error_dyn_axes RC 2 COMMAND ${x} --emit-cpp --dyn 0,x "contiguous(4, 3)" STDERR "--dyn '0,x' is not a list of axes")
strider_command_test(error_dyn_alone RC 2 COMMAND ${x} --dyn 0 "contiguous(4, 3)" STDERR "--dyn applies to --emit-cpp, --info and explain only")
strider_command_test(help COMMAND ${x} --help STDOUT "^usage: strider EXPR")
# The help's sections: the views first, then the other names, then CuTe's algebra (every listed
# operation named somewhere in it: strider_cli_help_names_operations, tools/CMakeLists.txt).
strider_command_test(help_sections COMMAND ${x} --help STDOUT "Views: \\[index\\], permute, transpose, .*@Also named: swapaxes, swapdims, moveaxis, \\.mT, \\.T, array_split\\.@.*@Layout algebra: coalesce, composition, ")
strider_command_test(operations COMMAND ${x} --operations STDOUT "^contiguous\\(3, 4, 5\\) +row-major.*@\\.unfold\\(0, 3, 2\\) +PyTorch unfold")
strider_command_test(version COMMAND ${x} --version STDOUT "^strider ${PROJECT_VERSION}@$")

# Errors: the library's words, the expression, a caret under the column; exit status 2.
# 'permute' starts at column 17 of "contiguous(3,4).permute(1,1)": 2 + 16 spaces before '^'.
strider_command_test(error_operation RC 2 COMMAND ${x} "contiguous(3,4).permute(1,1)"
  STDERR "^strider: permute: repeated axis 1@  contiguous\\(3,4\\)\\.permute\\(1,1\\)@                  \\^@$")
# An index out of range: NumPy's words, the caret under the index ('5' is column 17: 2 + 17
# spaces; '7' of "[1, 7]" column 20).
strider_command_test(error_slice RC 2 COMMAND ${x} "contiguous(3,4)[5]"
  STDERR "^strider: slice: index 5 is out of range for axis 0 with extent 3@  contiguous\\(3,4\\)\\[5\\]@                  \\^@$")
strider_command_test(error_slice_second_index RC 2 COMMAND ${x} "contiguous(3,4)[1, 7]"
  STDERR "^strider: slice: index 7 is out of range for axis 1 with extent 4@  contiguous\\(3,4\\)\\[1, 7\\]@                     \\^@$")
# A syntax error inside [ ]: the caret under the character the message names ('.' of 1.5 is
# column 7 of the index text and column 23 of the expression: 2 + 22 spaces).
strider_command_test(error_slice_syntax RC 2 COMMAND ${x} "contiguous(3,4)[1:2, 1.5]"
  STDERR "^strider: slice: syntax error at column 7 of the index: .*@  contiguous\\(3,4\\)\\[1:2, 1\\.5\\]@                        \\^@$")
strider_command_test(error_unknown_operation RC 2 COMMAND ${x} "contiguous(3,4).permte(0)"
  STDERR "^strider: expression: .*permte.*@  contiguous\\(3,4\\)\\.permte\\(0\\)@                  \\^@$")
strider_command_test(error_syntax RC 2 COMMAND ${x} --info "contiguous(3,4"
  STDERR "^strider: expression: .*@  contiguous\\(3,4@                \\^@$")
strider_command_test(error_emit RC 2 COMMAND ${x} --emit-cpp "contiguous(2).view(3)" STDERR "^strider: view: .*@  contiguous\\(2\\)\\.view\\(3\\)@")
strider_command_test(error_format RC 2 COMMAND ${x} --format xml "contiguous(3)" STDERR "unknown format 'xml'.*@usage: strider")
# Tiling policies in expressions (issue 53, item 10): tile(4, padded) as tile_t<L, padded, 4>.
strider_command_test(tile_padded COMMAND ${x} "contiguous(10).tile(4, padded)" STDOUT "^shape \\(3, 4\\), strides \\(4, 1\\), offset 0@ 0  1  2  3@ 4  5  6  7@ 8  9 10 11@$")
strider_command_test(emit_tile_masked COMMAND ${x} --emit-cpp "contiguous(10, 8).tile(4, 8, masked)" STDOUT "^strider::tile_t<strider::contiguous<10, 8>, strider::masked, 4, 8>@$")
# A masked tiling that does not divide is a masked_layout in C++, which takes no later view
# operation: refused at the operation after it; one that divides is exact and takes them.
strider_command_test(error_emit_masked_then_flip RC 2 COMMAND ${x} --emit-cpp "contiguous(10).tile(4, masked).flip(0)"
  STDERR "^strider: expression: 'flip' follows a masked tiling whose tiles do not divide the extents: in C\\+\\+ that is tile_t<L, masked, \\.\\.\\.>, a masked_layout, which takes no later view operation")
strider_command_test(error_emit_masked_then_index RC 2 COMMAND ${x} --emit-cpp "contiguous(10, 6).tile(4, 4, masked)[1]"
  STDERR "follows a masked tiling whose tiles do not divide the extents")
strider_command_test(error_masked_reversed_shown RC 2 COMMAND ${x} "contiguous(10)[::-1].tile(4, masked)"
  STDERR "^strider: tile: a masked tiling shows here as its padded layout, whose padding lies at storage offset -2, before the start \\(C\\+\\+'s tile<masked, \\.\\.\\.> never reads the padding and takes it\\)@")
strider_command_test(emit_masked_exact_then_flip COMMAND ${x} --emit-cpp "contiguous(8).tile(4, masked).flip(0)"
  STDOUT "^strider::flip_t<strider::tile_t<strider::contiguous<8>, strider::masked, 4>, 0>@$")
strider_command_test(emit_tile_padded_mixed COMMAND ${x} --emit-cpp --dyn 0 "contiguous(10, 8).tile(4, 8, padded)"
  STDOUT "^strider::tile_t<strider::contiguous<strider::dyn, 8>, strider::padded, 4, 8>@$")
strider_command_test(error_tile_policy RC 2 COMMAND ${x} "contiguous(10).tile(4, paded)"
  STDERR "^strider: expression: 'tile' takes the policy exact, padded or masked last, found 'paded' \\(did you mean 'padded'\\?\\)@  contiguous\\(10\\)\\.tile\\(4, paded\\)@                         \\^@$")
strider_command_test(error_tile_policy_first RC 2 COMMAND ${x} "contiguous(10).tile(padded, 4)" STDERR "found 'padded' before an extent")
# explain's HTML (issue 53, item 8): an access certificate first, its arguments labelled; a tiling coloured by tile.
strider_command_test(explain_html_access_order COMMAND ${x} explain --format html "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2)"
  STDOUT "<h2>4\\. <code>access\\(.*<h2>1\\. tile: <code>contiguous\\(8, 64\\)</code></h2>.*<h2>2\\. threads: <code>contiguous\\(8, 1\\)</code></h2>.*<h2>3\\. values: <code>")
strider_command_test(explain_html_tile_colours COMMAND ${x} explain --format html "contiguous(4, 8).tile(2, 4)" STDOUT "colour: the tile \\(4 tiles of 8 elements")
# Carets at the bad argument of a whole expression (issue 53, item 9).
strider_command_test(error_partition_thread_caret RC 2 COMMAND ${x} "partition(contiguous(8, 8), thread_value(contiguous(2, 2), contiguous(4, 4)), 8)"
  STDERR "^strider: partition: thread 8 is out of range for 4 threads@  partition\\(.*, 8\\)@                                                                                \\^@$")
strider_command_test(error_access_swizzle_caret RC 2 COMMAND ${x} "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, swizzle(2, 0, 1))"
  STDERR "^strider: swizzle: .*@  access\\(.*\\)@                                                                                  \\^@$")
strider_command_test(error_slice_step_column RC 2 COMMAND ${x} "contiguous(3, 4)[::0]"
  STDERR "^strider: slice: the step at column 3 of the index is zero .*@  contiguous\\(3, 4\\)\\[::0\\]@                     \\^@$")
strider_command_test(error_option RC 2 COMMAND ${x} --frobnicate "contiguous(3)" STDERR "unknown option --frobnicate@usage: strider")
strider_command_test(error_option_suggestion RC 2 COMMAND ${x} --fromat svg "contiguous(3)" STDERR "unknown option --fromat \\(did you mean '--format'\\?\\)@usage: strider")
strider_command_test(error_option_suggestion_value RC 2 COMMAND ${x} --emit-ccp "contiguous(3)" STDERR "unknown option --emit-ccp \\(did you mean '--emit-cpp'\\?\\)")
strider_command_test(error_no_expression RC 2 COMMAND ${x} --format json STDERR "no expression given@usage: strider")
strider_command_test(error_missing_value RC 2 COMMAND ${x} "contiguous(3)" --format STDERR "--format needs a value@usage:")
strider_command_test(error_two_expressions RC 2 COMMAND ${x} "contiguous(3)" "contiguous(4)" STDERR "more than one expression")
# --swizzle-search: conflict_free_swizzle for an access, then the certificate through it.
strider_command_test(swizzle_search COMMAND ${x} --swizzle-search "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2)"
  STDOUT "^swizzle\\(3, 3, 3\\): the fewest bits that make the access conflict-free at its vector width@vector_width    8 elements@.*bank_conflicts  0 \\(conflict-free\\)@")
strider_command_test(swizzle_search_none COMMAND ${x} --swizzle-search "access(contiguous(32, 32), thread_value(contiguous(1, 32), contiguous(32, 1)), 4)"
  STDOUT "^no swizzle needed: the access is conflict-free as it is@vector_width    1 element@")
strider_command_test(error_swizzle_search_not_access RC 2 COMMAND ${x} --swizzle-search "contiguous(3)"
  STDERR "^strider: expression: --swizzle-search takes access\\(TILE, TV, BYTES\\), the access to find a swizzle for@")
strider_command_test(error_swizzle_search_given RC 2 COMMAND ${x} --swizzle-search "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, 1)"
  STDERR "^strider: expression: --swizzle-search finds the swizzle, at the access's own vector width")
strider_command_test(error_swizzle_search_format RC 2 COMMAND ${x} --swizzle-search --format json "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2)"
  STDERR "^strider: --swizzle-search takes an access\\(\\.\\.\\.\\) expression and -o only@")
strider_command_test(error_command_misspelt RC 2 COMMAND ${x} expalin "contiguous(2)"
  STDERR "^strider: 'expalin' is not a command \\(the one command is explain: strider explain EXPR\\) \\(did you mean 'explain'\\?\\)@usage: strider")
strider_command_test(error_name RC 2 COMMAND ${x} --format cpp --name 2x "contiguous(3)" STDERR "not a C\\+\\+ identifier")
# The layout algebra: CuTe's worked examples mirrored, --emit-cpp, and a refusal with its caret.
strider_command_test(composition COMMAND ${x} "layout((2, 6), (2, 8)).composition((3, 4), (1, 3))" STDOUT "^shape \\(3, 2, 2\\), strides \\(8, 2, 24\\), offset 0@")
strider_command_test(complement COMMAND ${x} "layout((4,), (2,)).complement(24)" STDOUT "^shape \\(3, 2\\), strides \\(8, 1\\), offset 0, storage 24@")
strider_command_test(inverses COMMAND ${x} "layout((2, 4), (16, 1)).left_inverse().right_inverse()" STDOUT "^shape \\(16,\\), strides \\(1,\\), offset 0, storage 32@")
strider_command_test(logical_divide COMMAND ${x} "layout((3, 2, 4), (8, 1, 2)).logical_divide((4,), (2,))" STDOUT "^shape \\(3, 2, 2, 2\\), strides \\(8, 2, 1, 4\\), offset 0@")
strider_command_test(logical_product COMMAND ${x} "layout((2, 2), (1, 4)).logical_product((6,), (1,))" STDOUT "^shape \\(3, 2, 2, 2\\), strides \\(8, 2, 1, 4\\), offset 0@")
strider_command_test(blocked_product COMMAND ${x} "contiguous(2, 2).blocked_product((4, 3), (1, 4))" STDOUT "^shape \\(4, 2, 3, 2\\), strides \\(4, 2, 16, 1\\), offset 0@")
strider_command_test(raked_product COMMAND ${x} "contiguous(2, 2).raked_product((4, 3), (1, 4))" STDOUT "^shape \\(2, 4, 2, 3\\), strides \\(2, 4, 1, 16\\), offset 0@")
strider_command_test(tile COMMAND ${x} "contiguous(8, 8).tile(2, 4)" STDOUT "^shape \\(4, 2, 2, 4\\), strides \\(16, 4, 8, 1\\), offset 0@")
strider_command_test(emit_algebra COMMAND ${x} --emit-cpp "contiguous(4, 6).composition((2, 3), (1, 2)).tile(1, 3)"
  STDOUT "^strider::tile_t<strider::composition_t<strider::contiguous<4, 6>, strider::layout<strider::shape<2, 3>, strider::strides<1, 2>>>, 1, 3>@$")
# The rest of CuTe's algebra (core/algebra_helpers.hpp), CuTe's results mirrored; emitted as the
# static aliases; a mixed layout's run-time entries refused by name.
strider_command_test(upcast COMMAND ${x} "contiguous(4, 8).upcast(4)" STDOUT "^shape \\(4, 2\\), strides \\(2, 1\\), offset 0@")
strider_command_test(downcast COMMAND ${x} "contiguous(4, 2).downcast(2)" STDOUT "^shape \\(4, 4\\), strides \\(4, 1\\), offset 0@")
strider_command_test(filter COMMAND ${x} "layout((3, 4, 2), (0, 2, 1)).filter()" STDOUT "^shape \\(8,\\), strides \\(1,\\), offset 0@")
strider_command_test(complement_one_argument COMMAND ${x} "layout((4,), (2,)).complement()" STDOUT "^shape \\(2,\\), strides \\(1,\\), offset 0, storage 8@")
strider_command_test(coalesce_profile COMMAND ${x} "layout((2, 4, 1, 1), (4, 1, 1, 1)).coalesce(2, 2)" STDOUT "^shape \\(8, 1\\), strides \\(1, 0\\), offset 0@")
strider_command_test(tile_to_shape COMMAND ${x} "contiguous(2, 2).tile_to_shape((4, 6))" STDOUT "^shape \\(2, 2, 3, 2\\), strides \\(12, 2, 4, 1\\), offset 0@")
strider_command_test(emit_algebra_helpers COMMAND ${x} --emit-cpp "contiguous(4, 8).upcast(4).zipped_divide((2,), (1,))"
  STDOUT "^strider::zipped_divide_t<strider::upcast_t<strider::contiguous<4, 8>, 4>, strider::layout<strider::shape<2>, strider::strides<1>>>@$")
strider_command_test(recast_layout COMMAND ${x} "contiguous(4, 8).recast_layout(2, 4)" STDOUT "^shape \\(4, 4\\), strides \\(4, 1\\), offset 0@")
# Tilers by mode (CuTe's make_tile): one (shape), (strides) pair per axis; CuTe's
# zipped_divide((8,8):(1,8), make_tile(4:2, 2:1)) is ((4,2),(2,4)):((2,8),(1,16)).
strider_command_test(zipped_divide_by_mode COMMAND ${x} "contiguous(8, 8).zipped_divide((2,), (1,), (4,), (2,))"
  STDOUT "^shape \\(4, 2, 2, 4\\), strides \\(16, 1, 8, 2\\), offset 0@")
strider_command_test(emit_by_mode COMMAND ${x} --emit-cpp "contiguous(8, 8).logical_product((2,), (1,), (4,), (1,))"
  STDOUT "^strider::logical_product_t<strider::contiguous<8, 8>, strider::make_tile_t<strider::layout<strider::shape<2>, strider::strides<1>>, strider::layout<strider::shape<4>, strider::strides<1>>>>@$")
strider_command_test(error_by_mode_rank RC 2 COMMAND ${x} "contiguous(8, 8, 2).logical_divide((2,), (1,), (4,), (2,))"
  STDERR "^strider: logical_divide: the tile has 2 modes, the layout 3 axes")
strider_command_test(error_by_mode_modes RC 2 COMMAND ${x} "contiguous(8, 8).logical_divide((2,), (1,), 4, (2,))"
  STDERR "^strider: expression: a tile's modes are \\(shape\\), \\(strides\\) tuples")
# CuTe's layout makers as bases, read as the layouts they make: CuTe's
# make_ordered_layout((2,2,2,2), Step<_0,_2,_3,_1>) is (_2,_2,_2,_2):(_1,_4,_8,_2).
strider_command_test(make_ordered_layout COMMAND ${x} "make_ordered_layout((2, 2, 2, 2), (1, 3, 2, 0))"
  STDOUT "^shape \\(2, 2, 2, 2\\), strides \\(2, 8, 4, 1\\), offset 0@")
strider_command_test(emit_make_identity_layout COMMAND ${x} --emit-cpp "make_identity_layout((4, 6)).tile(2, 3)"
  STDOUT "^strider::tile_t<strider::layout<strider::shape<4, 6>, strider::strides<6, 1>>, 2, 3>@$")
strider_command_test(error_make_ordered_layout RC 2 COMMAND ${x} "make_ordered_layout((2, 3))"
  STDERR "^strider: expression: 'make_ordered_layout' takes a shape and an order, as tuples, got 1 argument")
strider_command_test(error_upcast RC 2 COMMAND ${x} "layout((4,), (3,)).upcast(2)"
  STDERR "^strider: upcast: stride 3 of axis 0 and the unit of 2 elements do not divide one another")
strider_command_test(error_upcast_mixed RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(4, 8).upcast(4)"
  STDERR "^strider: upcast: takes a layout whose entries are all static")
strider_command_test(rearrange COMMAND ${x} "contiguous(2, 16, 16, 3).rearrange(\"b (h p1) (w p2) c -> b h w p1 (p2 c)\", p1=8, p2=8)"
  STDOUT "^shape \\(2, 2, 2, 8, 24\\), strides \\(768, 384, 24, 48, 1\\), offset 0@")
strider_command_test(emit_rearrange COMMAND ${x} --emit-cpp "contiguous(4, 6).rearrange(\"h (w p) -> h w p\", p=2)"
  STDOUT "^strider::rearrange_t<strider::contiguous<4, 6>, \"h \\(w p\\) -> h w p\", \"p=2\">@$")
strider_command_test(error_rearrange_copies RC 2 COMMAND ${x} "contiguous(2, 16, 16, 3).rearrange(\"b (h p1) (w p2) c -> b h w (p1 p2 c)\", p1=8, p2=8)"
  STDERR "^strider: rearrange: the output group from p1 to c needs a copy: its axes do not nest in storage, so no view merges them@")
strider_command_test(error_rearrange_pattern RC 2 COMMAND ${x} "contiguous(4, 6).rearrange(\"h w -> h\")"
  STDERR "^strider: rearrange: axis w is on the left of the pattern but not on the right")
strider_command_test(error_rearrange_ellipsis_in_left_group RC 2 COMMAND ${x} "contiguous(2, 3).rearrange(\"a (...) -> a ...\")"
  STDERR "^strider: rearrange: '\\.\\.\\.' inside parentheses on the left of the pattern")
strider_command_test(error_rearrange_size_given_twice RC 2 COMMAND ${x} "contiguous(8).rearrange(\"(c d) -> c d\", c=2, c=4)"
  STDERR "^strider: rearrange: the size of axis c is given twice \\(2 and 4\\)")
strider_command_test(error_tile RC 2 COMMAND ${x} "contiguous(8,6).tile(2,4)"
  STDERR "^strider: tile: tile extent 4 does not divide extent 6 of axis 1 \\(the padded and masked tilings round the tile count up\\)@  contiguous\\(8,6\\)\\.tile\\(2,4\\)@                  \\^@$")
strider_command_test(error_composition_arguments RC 2 COMMAND ${x} "contiguous(4,6).composition((3,), (4,), 1)" STDERR "^strider: expression: 'composition' takes a second layout as \\(shape\\), \\(strides\\), or a tile: one \\(shape\\), \\(strides\\) per axis, got 3 arguments")
strider_command_test(coalesce COMMAND ${x} "contiguous(3, 4, 5)[:, 1:3].coalesce()" STDOUT "^shape \\(3, 10\\), strides \\(20, 1\\), offset 5, storage 60@")
# split, chunk and unbind: every part when no [i] picks one (grid only), and their errors.
strider_command_test(parts_all COMMAND ${x} "contiguous(5, 4).chunk(2, 1)"
  STDOUT "^part 0 of 2: shape \\(5, 2\\), strides \\(4, 1\\), offset 0, storage 20@ 0  1@.*@part 1 of 2: shape \\(5, 2\\), strides \\(4, 1\\), offset 2@ 2  3@")
strider_command_test(parts_none COMMAND ${x} "contiguous(0, 2).unbind()" STDOUT "^unbind: no parts@$")
strider_command_test(emit_parts COMMAND ${x} --emit-cpp "contiguous(5, 4).chunk(3)" STDOUT "^strider::chunk_t<strider::contiguous<5, 4>, 3>@$")
strider_command_test(emit_part COMMAND ${x} --emit-cpp "contiguous(5, 4).split((1, 4))[1].T"
  STDOUT "^strider::reverse_axis_order_t<strider::split_with_sizes_part_t<strider::contiguous<5, 4>, strider::shape<1, 4>, 0, 1>>@$")
strider_command_test(error_part_range RC 2 COMMAND ${x} "contiguous(5).chunk(3)[3]" STDERR "^strider: chunk: part 3 is out of range for 3 parts@")
strider_command_test(error_parts_format RC 2 COMMAND ${x} --format json "contiguous(5).chunk(3)"
  STDERR "^strider: expression: 'chunk' gives several views and --format json shows one; pick a part with \\[i\\]@")
strider_command_test(error_parts_chained RC 2 COMMAND ${x} "contiguous(5).chunk(3).flip()"
  STDERR "^strider: chunk: gives 3 views; pick one with \\[i\\], as in Python: chunk\\(\\.\\.\\.\\)\\[0\\]@")
strider_command_test(error_parts_too_many RC 2 COMMAND ${x} "contiguous(0).chunk(1000)" STDERR "^strider: chunk: gives 1000 views, more than 256 to show; pick one with \\[i\\]@")
strider_command_test(error_part_not_integer RC 2 COMMAND ${x} "contiguous(5).chunk(3)[1:]" STDERR "^strider: expression: expected '\\]' to close")
strider_command_test(error_attribute_call RC 2 COMMAND ${x} "contiguous(3, 4).T()" STDERR "^strider: expression: 'T' is an attribute, written without parentheses \\(\\.T\\)@")
# broadcast_shapes and broadcast_arrays (NumPy's), whole expressions: right-aligned, an extent 1
# stretches. (2, 1, 1), (3, 1) and (4,) give (2, 3, 4); a bare integer is a shape of one axis.
strider_command_test(broadcast_shapes COMMAND ${x} "broadcast_shapes((2, 1, 1), (3, 1), 4)" STDOUT "^\\(2, 3, 4\\)@$")
strider_command_test(broadcast_shapes_none COMMAND ${x} "broadcast_shapes()" STDOUT "^\\(\\)@$")
strider_command_test(broadcast_shapes_json COMMAND ${x} --format json "broadcast_shapes((2, 1), (1, 0))" STDOUT "^{@  \"shape\": \\[2, 0\\]@}@$")
strider_command_test(emit_broadcast_shapes COMMAND ${x} --emit-cpp "broadcast_shapes((3, 1), 4)"
  STDOUT "^strider::broadcast_shapes_t<strider::shape<3, 1>, strider::shape<4>>@$")
# (2, 1) and (3,) give (2, 3), whose last extent 3 meets the 4 of argument 2.
strider_command_test(error_broadcast_shapes RC 2 COMMAND ${x} "broadcast_shapes((2, 1), (3,), (1, 4))"
  STDERR "^strider: broadcast_shapes: extents 3 and 4 of axis -1 are incompatible; shape mismatch: argument 2 has shape \\(1, 4\\), and the arguments before it broadcast to \\(2, 3\\)@  broadcast_shapes\\(\\(2, 1\\), \\(3,\\), \\(1, 4\\)\\)@                                 \\^@$")
strider_command_test(error_broadcast_shapes_svg RC 2 COMMAND ${x} --format svg "broadcast_shapes((2, 1), (3,))"
  STDERR "^strider: expression: 'broadcast_shapes' gives a shape, not a layout, which --format svg does not show \\(the default text, --format json and --emit-cpp do\\)@")
strider_command_test(error_broadcast_shapes_info RC 2 COMMAND ${x} --info "broadcast_shapes((2, 1), (3,))" STDERR "^strider: expression: 'broadcast_shapes' gives a shape, not a layout, which --info does not show")
# contiguous(3, 1) (strides (1, 1)) and contiguous(4) to (3, 4): strides (1, 0) and (0, 1).
strider_command_test(broadcast_arrays COMMAND ${x} "broadcast_arrays(contiguous(3, 1), contiguous(4))"
  STDOUT "^part 0 of 2: shape \\(3, 4\\), strides \\(1, 0\\), offset 0@0 0 0 0@1 1 1 1@2 2 2 2@@part 1 of 2: shape \\(3, 4\\), strides \\(0, 1\\), offset 0@0 1 2 3@0 1 2 3@0 1 2 3@$")
strider_command_test(broadcast_arrays_none COMMAND ${x} "broadcast_arrays()" STDOUT "^broadcast_arrays: no parts@$")
# [i] picks one view, which is then a layout expression as any other (views after it, every format).
strider_command_test(broadcast_arrays_part COMMAND ${x} --format csv "broadcast_arrays(contiguous(2, 1), contiguous(3)[::-1])[-1].T"
  STDOUT "^i0,i1,offset@0,0,2@0,1,2@1,0,1@1,1,1@2,0,0@2,1,0@$")
strider_command_test(emit_broadcast_arrays_part COMMAND ${x} --emit-cpp "broadcast_arrays(contiguous(2, 1), contiguous(3)[::-1])[1]"
  STDOUT "^strider::broadcast_to_t<strider::slice_t<strider::contiguous<3>, \"::-1\">, 2, 3>@$")
strider_command_test(error_broadcast_arrays RC 2 COMMAND ${x} "broadcast_arrays(contiguous(3), contiguous(4))"
  STDERR "^strider: broadcast_shapes: extents 3 and 4 of axis -1 are incompatible; shape mismatch: argument 1 has shape \\(4,\\), and the arguments before it broadcast to \\(3,\\)@.*@                                  \\^@$")
strider_command_test(error_broadcast_arrays_format RC 2 COMMAND ${x} --format json "broadcast_arrays(contiguous(3, 1), contiguous(4))"
  STDERR "^strider: expression: 'broadcast_arrays' gives several views and --format json shows one; pick a part with \\[i\\]@")
strider_command_test(error_broadcast_arrays_part RC 2 COMMAND ${x} "broadcast_arrays(contiguous(3, 1), contiguous(4))[2]" STDERR "^strider: broadcast_arrays: part 2 is out of range for 2 parts@")
strider_command_test(error_broadcast_arrays_argument RC 2 COMMAND ${x} "broadcast_arrays(contiguous(3), contiguous(4).permute(1))"
  STDERR "^strider: permute: axis 1 is out of range for rank 1@.*@                                                \\^@$")
strider_command_test(error_broadcast_nested RC 2 COMMAND ${x} "contiguous(3).flip(0) + broadcast_shapes((1,))" STDERR "^strider: expression: expected '\\.', '\\[' or the end of the expression")
strider_command_test(error_broadcast_as_base RC 2 COMMAND ${x} "broadcast_arrays(broadcast_arrays(contiguous(1))[0])"
  STDERR "^strider: expression: 'broadcast_arrays' is written as a whole expression, not as a layout inside one@")
# Too large to write: refused at once (exit status 1), not a hang or an allocation failure.
strider_command_test(error_too_large RC 1 COMMAND ${x} --format csv "contiguous(100000, 100000)"
  STDERR "^strider: write_csv: the layout has 10000000000 elements, more than the writers' limit \\(4194304\\)@$")
strider_command_test(error_span_too_large RC 1 COMMAND ${x} --format svg "layout((2,), (1000000000000,), 0)"
  STDERR "^strider: write_svg: the storage span 1000000000001 is too large to draw")

# Thread-value layouts (whole expressions). thread_value(contiguous(2, 2), contiguous(1, 2)): 4
# threads in a 2 x 2 block, each a row of 2 values: thread t = 2 r + c holds row r, columns 2c
# and 2c + 1. The layout's axes: thread rows (stride 4), thread columns (2), value rows (4), values (1).
strider_command_test(thread_value_grid COMMAND ${x} "thread_value(contiguous(2, 2), contiguous(1, 2))"
  STDOUT "^4 threads x 2 values over a tile of shape \\(2, 4\\): shape \\(2, 2, 1, 2\\), strides \\(4, 2, 4, 1\\)@T0 V0  T0 V1  T1 V0  T1 V1@T2 V0  T2 V1  T3 V0  T3 V1@$")
# Interleaved: thread (r, c) holds columns c and c + 2.
strider_command_test(thread_value_markdown COMMAND ${x} --format md "thread_value(contiguous(2, 2), contiguous(1, 2), interleaved)"
  STDOUT "^\\| i0 \\\\ i1 \\| 0 \\| 1 \\| 2 \\| 3 \\|@\\|---\\|---\\|---\\|---\\|---\\|@\\| 0 \\| T0 V0 \\| T1 V0 \\| T0 V1 \\| T1 V1 \\|@\\| 1 \\| T2 V0 \\| T3 V0 \\| T2 V1 \\| T3 V1 \\|@$")
strider_command_test(thread_value_json COMMAND ${x} --format json "thread_value(contiguous(2, 2), contiguous(1, 2), interleaved)"
  STDOUT "\"strides\": \\[4, 1, 8, 2\\],.*\"tile_shape\": \\[2, 4\\],.*\"offsets\": \\[\\[\\[\\[0, 2\\]\\], \\[\\[1, 3\\]\\]\\], \\[\\[\\[4, 6\\]\\], \\[\\[5, 7\\]\\]\\]\\],@  \"threads\": \\[\\[0, 1, 0, 1\\], \\[2, 3, 2, 3\\]\\],@  \"values\": \\[\\[0, 0, 1, 1\\], \\[0, 0, 1, 1\\]\\]@}@$")
# A hand-written layout: thread t (stride 1) holds elements t and t + 2 (stride 2).
# The atoms by name (expression/atoms.hpp): m16n8k16's A is 32 threads x 8 values over 16 x 16
# (lane 5's register a3 is element (9, 3), PTX's g = 1, t = 1); ldmatrix.x4's row reads of four
# 8 x 8 matrices in rows of 64 halves without a swizzle are 8-way conflicted (28 extra wavefronts).
strider_command_test(atom_by_name COMMAND ${x} --format csv mma_m16n8k16_a
  STDOUT "@5,3,9,3,147@")
strider_command_test(atom_by_name_access COMMAND ${x} "access(layout((4, 8, 8), (8, 64, 1)), ldmatrix_x4_src, 2, 8)"
  STDOUT "bank_conflicts +28@")
strider_command_test(error_atom_name RC 2 COMMAND ${x} "partition(contiguous(16, 16), mma_m16n8k16_d, 0)"
  STDERR "takes a thread_value\\(...\\), as_thread_value\\(...\\) or an atom's layout by name")
strider_command_test(thread_value_csv COMMAND ${x} --format csv "as_thread_value(layout((2, 2), (1, 2)), 1, (4,))"
  STDOUT "^thread,value,i0,element@0,0,0,0@0,1,2,2@1,0,1,1@1,1,3,3@$")
# Two threads (stride 0) share both elements: replicated.
strider_command_test(thread_value_info COMMAND ${x} --info "as_thread_value(layout((2, 2), (0, 1)), 1, 2, replicated)"
  STDOUT "threads +2@values +2 per thread@tile_shape +\\(2,\\)@value_rank +1 .*coverage +replicated .*strides +\\(0, 1\\)@")
strider_command_test(thread_value_svg COMMAND ${x} --format svg "thread_value(contiguous(2, 2), contiguous(1, 2))"
  STDOUT "<title>element \\(1, 3\\): thread 3 value 1</title>.*</svg>@$")
strider_command_test(emit_thread_value COMMAND ${x} --emit-cpp "thread_value(column_major(3, 2), column_major(2, 2))"
  STDOUT "^strider::thread_value_t<strider::column_major<3, 2>, strider::column_major<2, 2>>@$")
strider_command_test(emit_as_thread_value COMMAND ${x} --emit-cpp "as_thread_value(layout((2, 2), (0, 1)), 1, (2,), replicated)"
  STDOUT "^strider::as_thread_value_t<strider::layout<strider::shape<2, 2>, strider::strides<0, 1>>, 1, strider::shape<2>, strider::replicated>@$")
# Thread 5 of 4 x 2 threads is at (2, 1); with 2 x 4 values it holds rows 4-5, columns 4-7 of the
# 8 x 8 tile: offset 4 * 8 + 4 = 36, strides (8, 1).
strider_command_test(partition COMMAND ${x} "partition(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4)), 5)"
  STDOUT "^shape \\(2, 4\\), strides \\(8, 1\\), offset 36, storage 64@36 37 38 39@44 45 46 47@$")
strider_command_test(emit_partition COMMAND ${x} --emit-cpp "partition(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4), interleaved), 5)"
  STDOUT "^strider::partition_t<strider::contiguous<8, 8>, strider::thread_value_t<strider::contiguous<4, 2>, strider::contiguous<2, 4>, strider::interleaved>>@$")
strider_command_test(error_thread_value_shared RC 2 COMMAND ${x} "as_thread_value(layout((4, 2), (2, 2)), 1, (8,))"
  STDERR "^strider: thread_value: threads 0 and 1 both hold element \\(2\\) \\(values 1 and 0\\); declare `replicated` if that is meant@")
strider_command_test(error_partition_thread RC 2 COMMAND ${x} "partition(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4)), 8)"
  STDERR "^strider: partition: thread 8 is out of range for 8 threads@")
strider_command_test(error_partition_tile RC 2 COMMAND ${x} "partition(contiguous(4, 5), thread_value(contiguous(2, 2), contiguous(2, 2)), 3)"
  STDERR "^strider: partition: extent 5 of tile axis 1 is not the thread-value layout's 4@")
strider_command_test(error_thread_value_views RC 2 COMMAND ${x} "thread_value(contiguous(4, 2), contiguous(2, 3))[0]"
  STDERR "^strider: expression: expected the end of the expression after 'thread_value'\\(...\\), found '\\['@")
strider_command_test(error_thread_value_nested RC 2 COMMAND ${x} "broadcast_arrays(thread_value(contiguous(2), contiguous(2)))"
  STDERR "^strider: expression: 'thread_value' is written as a whole expression, not as a layout inside one@")
strider_command_test(error_thread_value_dyn RC 2 COMMAND ${x} --emit-cpp --dyn 0 "thread_value(contiguous(2), contiguous(2))"
  STDERR "^strider: expression: --dyn applies to layout expressions, not to thread-value layouts or partitions@")
strider_command_test(error_as_thread_value_word RC 2 COMMAND ${x} "as_thread_value(contiguous(4), 1, (8,), twice)"
  STDERR "^strider: expression: 'as_thread_value' takes exactly_once or replicated here, found 'twice'@")

# The access certificate (docs/access.md). 32 threads each read a row of a 32 x 32 float tile one
# float at a time: each of the 32 instructions is a column, 32 words of one bank (32 wavefronts,
# 31 beyond the one a phase needs: 992 in all), and 32 sectors where 128 bytes need 4.
strider_command_test(access COMMAND ${x} "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1)"
  STDOUT "^vector_width +1 element@instructions +32@phases +32@wavefronts +1024@bank_conflicts +992@sectors +1024 \\(ideal 128\\)@worst_phase +instruction 0, phase 0, bank 0: 32-way \\(threads 0 and 1 at offsets 0 and 32\\)@")
# swizzle<5, 0, 5> puts row r's column k at k ^ r: conflict-free.
strider_command_test(access_swizzled COMMAND ${x} --format json "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1, swizzle(5, 0, 5))"
  STDOUT "\"wavefronts\": 32,@  \"bank_conflicts\": 0,")
strider_command_test(emit_access COMMAND ${x} --emit-cpp "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, swizzle(3, 3, 3))"
  STDOUT "^using certificate = strider::access_t<strider::swizzled_t<strider::contiguous<8, 64>, strider::swizzle<3, 3, 3>>, strider::thread_value_t<strider::contiguous<8, 1>, strider::contiguous<1, 64>>, 2>;@static_assert\\(certificate::vector_width == 8 && certificate::bank_conflicts == 0 && certificate::sectors == 64\\);@$")
strider_command_test(access_svg COMMAND ${x} --format svg "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2)"
  STDOUT "<title>element \\(1, 0\\): offset 64, bank 0, read by thread 1 in the worst phase</title>.*</svg>@$")
# At 64 x 64 the cells have no room for numbers: the picture numbers the banks' colours below the
# tile and names the worst phase's threads with their elements (issue 65).
strider_command_test(access_svg_large COMMAND ${x} --format svg "access(contiguous(64, 64), thread_value(contiguous(16, 16), contiguous(4, 4)), 4, 1)"
  STDOUT ">bank</text>.*>31</text>.*worst phase: instruction 0, phase 0, bank 0, 4-way: thread 0 at \\(0, 0\\), thread 8 at \\(0, 32\\), thread 16 at \\(4, 0\\), thread 24 at \\(4, 32\\)</text>")
strider_command_test(error_access_format RC 2 COMMAND ${x} --format csv "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2)"
  STDERR "^strider: expression: 'access' gives a certificate, which --format csv does not show")
strider_command_test(error_access_bytes RC 2 COMMAND ${x} "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 3)"
  STDERR "^strider: access: an element of 3 bytes is not 1, 2, 4, 8 or 16 bytes@")
strider_command_test(error_access_swizzle RC 2 COMMAND ${x} "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, swizle(3, 3, 3))"
  STDERR "^strider: expression: 'access' takes the vector width \\(an integer\\) or swizzle\\(B, M, S\\) here, found 'swizle'@")

# CuTe's notation. ((2,4),8):((1,16),2) flattens to modes 2:1, 4:16, 8:2 (mode 0 fastest), strider's
# axes reversed: shape (8, 4, 2), strides (2, 16, 1).
strider_command_test(cute COMMAND ${x} "cute(\"((2,4),8):((1,16),2)\")[:2]"
  STDOUT "^shape \\(2, 4, 2\\), strides \\(2, 16, 1\\), offset 0, storage 64@\\(cute\\(\"\\(\\(2,4\\),8\\):\\(\\(1,16\\),2\\)\"\\) mirrored to strider's row-major axes: CuTe's modes in reverse order; --format cute prints CuTe's order\\)@\\[0, :, :\\]@ 0  1@16 17@32 33@48 49@@\\[1, :, :\\]@ 2  3@18 19@34 35@50 51@$")
# contiguous(4, 8), strides (8, 1), is CuTe's (8,4):(1,8); its transpose is (4,8):(8,1).
strider_command_test(format_cute COMMAND ${x} --format cute "contiguous(4, 8)" STDOUT "^\\(8,4\\):\\(1,8\\)@$")
strider_command_test(format_cute_round_trip COMMAND ${x} --format cute "cute(\"(12,(4,8)):(59,(13,1))\")" STDOUT "^\\(12,\\(4,8\\)\\):\\(59,\\(13,1\\)\\)@$")
# After a view, the layout is strider's flat one, printed in CuTe's order.
strider_command_test(format_cute_after_view COMMAND ${x} --format cute "cute(\"(12,(4,8)):(59,(13,1))\").T" STDOUT "^\\(8,4,12\\):\\(1,13,59\\)@$")
strider_command_test(emit_cute COMMAND ${x} --emit-cpp --cute "contiguous(4, 8).T"
  STDOUT "^cute::make_layout\\(cute::make_shape\\(cute::Int<4>{}, cute::Int<8>{}\\), cute::make_stride\\(cute::Int<8>{}, cute::Int<1>{}\\)\\)@$")
strider_command_test(error_cute_offset RC 1 COMMAND ${x} --format cute "contiguous(4, 8)[1:]"
  STDERR "^strider: to_cute_string: the layout starts at offset 8")
# Swizzled layouts (issue 66): offset o of element (i, j) is CuTe's Swizzle<B, M, S>, worked by hand:
# o ^ (((o >> (M + S)) & (2^B - 1)) << M). contiguous(2, 4) through (1, 1, 1): row 1 holds 4..7,
# whose bit 2 is 1, XORed into bit 1: 6 7 4 5.
strider_command_test(swizzle_grid COMMAND ${x} "contiguous(2, 4).swizzle(1, 1, 1)"
  STDOUT "^shape \\(2, 4\\), strides \\(4, 1\\), offset 0, through swizzle\\(1, 1, 1\\)@0 1 2 3@6 7 4 5@$")
# Views come before the swizzle, which reads the chain's final offsets.
strider_command_test(error_swizzle_view RC 2 COMMAND ${x} --format csv "contiguous(8, 8).swizzle(3, 0, 3)[3]"
  STDERR "takes no view after its swizzle.*@  contiguous\\(8, 8\\)\\.swizzle\\(3, 0, 3\\)\\[3\\]@                                   \\^@$")
# CuTe's 128-byte K-major atom in 16-byte chunks: row r's chunk c lies at chunk c ^ r (row 3: 24 + (c ^ 3)).
strider_command_test(swizzle_row COMMAND ${x} --format csv "contiguous(8, 8)[3].swizzle(3, 0, 3)" STDOUT "^i0,offset@0,27@1,26@2,25@3,24@4,31@5,30@6,29@7,28@$")
# The CuTe form reads the same: (64,8):(1,64) is strider's contiguous(8, 64); row 1 starts at 64 ^ 8.
strider_command_test(swizzle_cute_grid COMMAND ${x} "cute(\"Sw<3,3,3> o _0 o (64,8):(1,64)\")" STDOUT "^shape \\(8, 64\\), strides \\(64, 1\\), offset 0, through swizzle\\(3, 3, 3\\); the CuTe layout mirrored.*@ +0 +1 .*@ +72 +73 +74 +75 +76 +77 +78 +79 +64 ")
strider_command_test(swizzle_format_cute COMMAND ${x} --format cute "contiguous(8, 64).swizzle(3, 3, 3)" STDOUT "^Sw<3,3,3> o 0 o \\(64,8\\):\\(1,64\\)@$")
strider_command_test(swizzle_emit COMMAND ${x} --emit-cpp "contiguous(8, 64).T.swizzle(3, 3, 3)"
  STDOUT "^strider::swizzled_t<strider::reverse_axis_order_t<strider::contiguous<8, 64>>, strider::swizzle<3, 3, 3>>@$")
strider_command_test(swizzle_emit_cute COMMAND ${x} --emit-cpp --cute "contiguous(2, 4).swizzle(1, 1, 1)"
  STDOUT "^cute::composition\\(cute::Swizzle<1, 1, 1>{}, cute::make_layout\\(")
strider_command_test(swizzle_json COMMAND ${x} --format json "contiguous(2, 4).swizzle(1, 1, 1)" STDOUT "\"swizzle\": \\[1, 1, 1\\],.*\"offsets\": \\[\\[0, 1, 2, 3\\], \\[6, 7, 4, 5\\]\\]")
strider_command_test(swizzle_svg COMMAND ${x} --format svg "contiguous(8, 8).swizzle(3, 0, 3)" STDOUT "^<\\?xml .*</svg>@$")
strider_command_test(error_swizzle_rule RC 2 COMMAND ${x} "contiguous(8, 64).swizzle(3, 3, 1)"
  STDERR "^strider: expression: swizzle: \\|S\\| = 1 is less than B = 3.*@                    \\^@$")
strider_command_test(error_swizzle_info RC 2 COMMAND ${x} --info "contiguous(2, 4).swizzle(1, 1, 1)" STDERR "^strider: expression: --info describes strided layouts")
strider_command_test(error_swizzle_dyn RC 2 COMMAND ${x} --emit-cpp --dyn 0 "contiguous(2, 4).swizzle(1, 1, 1)" STDERR "has no --dyn type")
strider_command_test(error_swizzle_explain RC 2 COMMAND ${x} explain "contiguous(2, 4).swizzle(1, 1, 1)" STDERR "^strider: explain: the steps are a strided chain's")
strider_command_test(error_swizzle_argument RC 2 COMMAND ${x} "access(contiguous(8, 8).swizzle(1, 1, 1), thread_value(contiguous(8, 1), contiguous(1, 8)), 4)"
  STDERR "not an argument of 'access' \\(access takes swizzle\\(B, M, S\\) as its last argument\\)")
strider_command_test(error_cute_swizzled_argument RC 2 COMMAND ${x} "access(cute(\"Sw<1,1,1> o (8,8):(8,1)\"), thread_value(contiguous(8, 1), contiguous(1, 8)), 4)"
  STDERR "^strider: cute: a swizzled layout \\(Sw<B,M,S> o \\.\\.\\.\\) is a whole expression, not an argument of one")
strider_command_test(error_cute_string RC 2 COMMAND ${x} "cute(\"(5,(2,2))):(16,(80,4))\")"
  STDERR "^strider: cute: expected the end of the layout \\(shape:stride\\)@  cute\\(\"\\(5,\\(2,2\\)\\)\\):\\(16,\\(80,4\\)\\)\"\\)@                 \\^@$")

# explain: contiguous(3, 4) then [:, ::-1]: 12 of 12 elements kept, the first moves to column 3.
strider_command_test(explain COMMAND ${x} explain "contiguous(3, 4)[:, ::-1]"
  STDOUT "^1   contiguous\\(3, 4\\)@    shape \\(3, 4\\), strides \\(4, 1\\), offset 0@    row-major \\(C order\\): each stride is the product of the extents after it@2   \\[:, ::-1\\]@    shape \\(3, 4\\), strides \\(4, -1\\), offset 3@    slice: the index keeps 12 of 12 elements; the first element moves from offset 0 to 3; shape \\(3, 4\\), strides \\(4, 1\\) -> shape \\(3, 4\\), strides \\(4, -1\\)@    is_contiguous: true -> false@")
strider_command_test(explain_refused RC 2 COMMAND ${x} explain "contiguous(3, 4).permute(1, 1)"
  STDOUT "@2   permute\\(1, 1\\)@    refused: permute: repeated axis 1@  contiguous\\(3, 4\\).permute\\(1, 1\\)@                   \\^@$")
strider_command_test(explain_json COMMAND ${x} explain --format json "contiguous(6).view(2, 3)"
  STDOUT "\"refused\": false,.*\"call\": \"view\\(2, 3\\)\", \"column\": 15, \"before\": {\"shape\": \\[6\\], \"strides\": \\[1\\], \"offset\": 0}, \"after\": {\"shape\": \\[2, 3\\], \"strides\": \\[3, 1\\], \"offset\": 0}")
strider_command_test(explain_markdown COMMAND ${x} explain --format md "contiguous(6).view(2, 3)"
  STDOUT "^\\| step \\| call \\| layout after \\| what the rule did \\| what changed \\|@")
# --dyn 0: the batch known at run time; coalesce cannot decide whether axis 0 stays an axis.
strider_command_test(explain_dyn COMMAND ${x} explain --dyn 0 "contiguous(4, 8)[:, 1:].coalesce()"
  STDOUT "static_shape \\(dyn, 7\\), static_strides \\(8, 1\\), static_offset 1: shape\\[0\\] is run-time.*@3   coalesce\\(\\)@.*the mixed rules refuse here: coalesce: whether axis 0")
# An index of two items, each explained: 1: keeps rows 1 and 2 (offset 4), 0 fixes column 0.
strider_command_test(explain_index_items COMMAND ${x} explain "contiguous(3, 4)[1:, 0]"
  STDOUT "@    2.1  1: -> shape \\(2, 4\\), strides \\(4, 1\\), offset 4@          '1:' keeps indices 1 to 2 of axis 0 \\(extent 3, stride 4\\): extent 2, and the first element moves from offset 0 to 4@    2.2  0 -> shape \\(2,\\), strides \\(4,\\), offset 4, storage 12@          '0' fixes axis 1 \\(extent 4, stride 1\\) at index 0: the axis goes@")
# --dyn 1: the slice's offset (1 x the run-time stride of axis 0) is run-time, and why.
strider_command_test(explain_dyn_why COMMAND ${x} explain --dyn 1 "contiguous(3, 4)[1:]"
  STDOUT "static_shape \\(2, dyn\\), static_strides \\(dyn, 1\\), static_offset dyn: shape\\[1\\], strides\\[0\\] and offset are run-time, computed from the run-time entries before this step \\(shape\\[1\\] and strides\\[0\\]\\)")
# A whole expression: its layout arguments' chains, then the certificate (32 threads read a
# column each: 32-way conflicts in every phase).
strider_command_test(explain_access COMMAND ${x} explain "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1)"
  STDOUT "@4   access\\(.*\\)@    shape \\(32, 32\\), strides \\(32, 1\\), offset 0@    access: 32 threads read 4-byte elements in vectors of 1: 32 warp instructions, 1024 shared-memory wavefronts for 32 phases \\(992 bank conflicts\\)")
strider_command_test(error_explain_dyn_thread_value RC 2 COMMAND ${x} explain --dyn 0 "thread_value(contiguous(4, 2), contiguous(2, 4))"
  STDERR "^strider: explain: --dyn applies to layout chains, not to thread-value expressions")
strider_command_test(error_explain_format RC 2 COMMAND ${x} explain --format svg "contiguous(4)" STDERR "^strider: explain writes --format text, md, json or html")
strider_command_test(error_html_without_explain RC 2 COMMAND ${x} --format html "contiguous(4)" STDERR "^strider: unknown format 'html' \\(expected grid, md, csv, json, cpp, svg or cute; html with explain\\)")

# Issue 50: phase 3 at its edges, each a refusal (exit 2) or a right answer.
# A vector width whose bytes overflow int64 (4 x 2^62, 16 x 2^60): the width and the element size named.
strider_command_test(error_access_width_overflow RC 2
  COMMAND ${x} "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 4611686018427387904)"
  STDERR "^strider: access: a vector of 4611686018427387904 elements of 4 bytes is not a power of two of at most 16 bytes@")
strider_command_test(error_access_width_overflow_16 RC 2
  COMMAND ${x} "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 16, 1152921504606846976)"
  STDERR "^strider: access: a vector of 1152921504606846976 elements of 16 bytes is not a power of two of at most 16 bytes@")
# 2^40 threads: refused at max_certificate_pairs (2^22) before anything is allocated.
strider_command_test(error_access_past_limit RC 2
  COMMAND ${x} "access(contiguous(1099511627776, 1), thread_value(contiguous(1099511627776, 1), contiguous(1, 1)), 4)"
  STDERR "^strider: access: 1099511627776 threads x 1 values is more than the certificate counts \\(max_certificate_pairs, 4194304\\)@")
strider_command_test(error_access_swizzle_shift RC 2
  COMMAND ${x} "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, 0, swizzle(1, 41, 1))"
  STDERR "^strider: swizzle: B = 1, M = 41 and S = 1 must each lie within 40 bits \\(B \\+ M \\+ \\|S\\| <= 40\\)@")
# A stride-0 axis: '1:3' keeps indices 1 and 2 (NumPy), whatever the offsets say.
strider_command_test(explain_slice_stride_zero COMMAND ${x} explain "layout((4, 3), (0, 1), 0)[1:3, ::-1]"
  STDOUT "'1:3' keeps indices 1 to 2 of axis 0 \\(extent 4, stride 0\\): extent 2@")
# INT64_MIN is written as CuTe reads it back.
strider_command_test(format_cute_int64_min COMMAND ${x} --format cute "layout((1, 4), (-9223372036854775808, 1), 0)"
  STDOUT "^\\(4,1\\):\\(1,-9223372036854775808\\)@$")
strider_command_test(cute_int64_min COMMAND ${x} --format json "cute(\"(4,1):(1,-9223372036854775808)\")"
  STDOUT "\"strides\": \\[-9223372036854775808, 1\\]")
# CuTe's Int<v> takes an int: 2^32 is a run-time int64_t.
strider_command_test(emit_cute_past_int COMMAND ${x} --emit-cpp --cute "contiguous(2, 4294967296)"
  STDOUT "^cute::make_layout\\(cute::make_shape\\(int64_t{4294967296}, cute::Int<2>{}\\), cute::make_stride\\(cute::Int<1>{}, int64_t{4294967296}\\)\\)@$")
