# a sweep's rows are written a buffer at a time; a point's message still follows its row
lds -j1 -D S=0..6 --fail-on-conflict 'read f32[lane*S % 1024]; read f32[100 - S*40]' 2>&1
