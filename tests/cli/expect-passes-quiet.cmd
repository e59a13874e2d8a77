lds -q 'read f32[lane * 33]; expect conflict-free'
