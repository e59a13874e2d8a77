// A workgroup sum in WGSL, written for lds-calc's tests: lds-calc does
// not read WGSL, and says so rather than reading it as lds.
var<workgroup> partial: array<f32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32) {
    partial[lid] = f32(lid);
    workgroupBarrier();
}
