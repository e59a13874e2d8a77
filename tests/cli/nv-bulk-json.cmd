lds -a sm90 --format=json 'array f32 X[256]; cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes X[4], 256; cp.async.bulk.tensor.2d.global.shared::cta.bulk_group X'
