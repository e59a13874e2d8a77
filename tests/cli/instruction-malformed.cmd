for n in ld.shared.v8.b32 ld.sharedx.b32 ldmatrix.x44 LDSM.16.M88.8 ATOMS.64 cp.async.b128; do lds "arch sm90; $n @ lane * 16"; echo "status $?"; done; lds 'arch sm90; cp.async @ lane * 16'
