lds 'read b32 @ lane - 4'
