import Foundation
@_spi(LaminaInternal) import QuartzCore

/// Background, corners, borders, opacity, hiding, clipping, masks and shadows.
enum LayerCases {
    static let all: [GoldenCase] = [
        GoldenCase(name: "bg_solid") {
            let r = Art.root(); Art.box(r, CGRect(x: 10, y: 10, width: 50, height: 30), Art.red); return r
        },
        GoldenCase(name: "bg_fractional_edges") {
            let r = Art.root(); Art.box(r, CGRect(x: 10.25, y: 10.5, width: 50.5, height: 30.25), Art.blue); return r
        },
        GoldenCase(name: "bg_alpha_overlap") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 50, height: 40), Art.red)
            Art.box(r, CGRect(x: 35, y: 25, width: 50, height: 40), Art.color(0.2, 0.4, 0.9, 0.5))
            return r
        },
        GoldenCase(name: "corner_radius") {
            let r = Art.root(); Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.green) { $0.cornerRadius = 14 }; return r
        },
        GoldenCase(name: "corner_radius_clamped") {
            let r = Art.root(); Art.box(r, CGRect(x: 10, y: 16, width: 76, height: 40), Art.blue) { $0.cornerRadius = 100 }; return r
        },
        GoldenCase(name: "masked_corners") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.red) {
                $0.cornerRadius = 20
                $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            }
            return r
        },
        GoldenCase(name: "border_square") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.yellow) { $0.borderWidth = 5; $0.borderColor = Art.black }
            return r
        },
        GoldenCase(name: "border_rounded") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.yellow) {
                $0.borderWidth = 6; $0.borderColor = Art.blue; $0.cornerRadius = 16
            }
            return r
        },
        GoldenCase(name: "border_alpha_no_background") {
            let r = Art.root()
            Art.box(r, CGRect(x: 5, y: 30, width: 86, height: 12), Art.red)
            Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), nil) {
                $0.borderWidth = 8; $0.borderColor = Art.color(0, 0, 0.6, 0.5); $0.cornerRadius = 10
            }
            return r
        },
        GoldenCase(name: "border_above_sublayers") {
            let r = Art.root()
            let p = Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.white) { $0.borderWidth = 6; $0.borderColor = Art.black }
            Art.box(p, CGRect(x: -6, y: 20, width: 88, height: 12), Art.red)
            return r
        },
        GoldenCase(name: "opacity_half") {
            let r = Art.root()
            Art.box(r, CGRect(x: 5, y: 30, width: 86, height: 12), Art.black)
            Art.box(r, CGRect(x: 20, y: 10, width: 56, height: 52), Art.red) { $0.opacity = 0.5 }
            return r
        },
        GoldenCase(name: "group_opacity_on") {
            let r = Art.root()
            let g = Art.box(r, CGRect(x: 8, y: 8, width: 80, height: 56), nil) { $0.opacity = 0.5 }
            Art.box(g, CGRect(x: 0, y: 0, width: 50, height: 40), Art.red)
            Art.box(g, CGRect(x: 30, y: 16, width: 50, height: 40), Art.blue)
            return r
        },
        GoldenCase(name: "group_opacity_off") {
            let r = Art.root()
            let g = Art.box(r, CGRect(x: 8, y: 8, width: 80, height: 56), nil) { $0.opacity = 0.5; $0.allowsGroupOpacity = false }
            Art.box(g, CGRect(x: 0, y: 0, width: 50, height: 40), Art.red)
            Art.box(g, CGRect(x: 30, y: 16, width: 50, height: 40), Art.blue)
            return r
        },
        GoldenCase(name: "hidden_subtree") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 30, height: 30), Art.green)
            let h = Art.box(r, CGRect(x: 50, y: 10, width: 30, height: 30), Art.red) { $0.isHidden = true }
            Art.box(h, CGRect(x: 0, y: 35, width: 20, height: 20), Art.blue)
            return r
        },
        GoldenCase(name: "masks_to_bounds_rect") {
            let r = Art.root()
            let c = Art.box(r, CGRect(x: 20, y: 14, width: 56, height: 44), Art.yellow) { $0.masksToBounds = true }
            Art.box(c, CGRect(x: -10, y: -10, width: 40, height: 40), Art.red)
            Art.box(c, CGRect(x: 30, y: 24, width: 40, height: 40), Art.blue)
            return r
        },
        GoldenCase(name: "masks_to_bounds_rounded") {
            let r = Art.root()
            let c = Art.box(r, CGRect(x: 14, y: 10, width: 68, height: 52), Art.yellow) { $0.masksToBounds = true; $0.cornerRadius = 22 }
            Art.box(c, CGRect(x: -5, y: -5, width: 45, height: 70), Art.blue)
            return r
        },
        GoldenCase(name: "masks_to_bounds_nested") {
            let r = Art.root()
            let a = Art.box(r, CGRect(x: 8, y: 8, width: 60, height: 56), Art.yellow) { $0.masksToBounds = true; $0.cornerRadius = 10 }
            let b = Art.box(a, CGRect(x: 20, y: 20, width: 60, height: 60), Art.green) { $0.masksToBounds = true; $0.cornerRadius = 18 }
            Art.box(b, CGRect(x: -30, y: 10, width: 120, height: 20), Art.red)
            return r
        },
        GoldenCase(name: "masks_to_bounds_rotated") {
            let r = Art.root()
            let c = Art.box(r, CGRect(x: 24, y: 12, width: 48, height: 48), Art.yellow) {
                $0.masksToBounds = true; $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            }
            Art.box(c, CGRect(x: -20, y: 16, width: 90, height: 16), Art.blue)
            return r
        },
        GoldenCase(name: "mask_layer_shape") {
            let r = Art.root()
            let l = Art.box(r, CGRect(x: 10, y: 6, width: 76, height: 60), Art.red)
            Art.box(l, CGRect(x: 38, y: 0, width: 38, height: 60), Art.blue)
            let m = CAShapeLayer()
            m.frame = l.bounds
            m.path = CGPath(ellipseIn: CGRect(x: 8, y: 4, width: 60, height: 52), transform: nil)
            l.mask = m
            return r
        },
        GoldenCase(name: "mask_layer_alpha_gradient") {
            let r = Art.root()
            let l = Art.box(r, CGRect(x: 10, y: 10, width: 76, height: 52), Art.blue)
            let m = CAGradientLayer()
            m.frame = l.bounds
            m.colors = [Art.color(0, 0, 0, 1), Art.color(0, 0, 0, 0)]
            m.startPoint = CGPoint(x: 0, y: 0.5); m.endPoint = CGPoint(x: 1, y: 0.5)
            l.mask = m
            return r
        },
        GoldenCase(name: "mask_no_content_hides") {
            let r = Art.root()
            Art.box(r, CGRect(x: 4, y: 4, width: 20, height: 20), Art.green)
            let l = Art.box(r, CGRect(x: 30, y: 10, width: 56, height: 52), Art.red)
            let m = CALayer(); m.frame = l.bounds
            l.mask = m
            return r
        },
        GoldenCase(name: "shadow_basic") {
            let r = Art.root()
            Art.box(r, CGRect(x: 20, y: 14, width: 50, height: 36), Art.blue) {
                $0.shadowOpacity = 0.8; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 5, height: 6)
            }
            return r
        },
        GoldenCase(name: "shadow_default_offset_up") {
            let r = Art.root()
            Art.box(r, CGRect(x: 20, y: 24, width: 56, height: 36), Art.white) { $0.shadowOpacity = 1; $0.cornerRadius = 8 }
            return r
        },
        GoldenCase(name: "shadow_sharp_colored") {
            let r = Art.root()
            Art.box(r, CGRect(x: 16, y: 12, width: 50, height: 36), Art.yellow) {
                $0.shadowOpacity = 0.5; $0.shadowRadius = 0; $0.shadowOffset = CGSize(width: 10, height: 10); $0.shadowColor = Art.red
            }
            return r
        },
        GoldenCase(name: "shadow_path") {
            let r = Art.root()
            Art.box(r, CGRect(x: 24, y: 12, width: 48, height: 40), Art.green) {
                $0.shadowOpacity = 0.9; $0.shadowRadius = 3; $0.shadowOffset = CGSize(width: 0, height: 8)
                $0.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 30, width: 48, height: 16), transform: nil)
            }
            return r
        },
        GoldenCase(name: "shadow_of_sublayers") {
            let r = Art.root()
            let p = Art.box(r, CGRect(x: 14, y: 10, width: 60, height: 46), nil) {
                $0.shadowOpacity = 0.7; $0.shadowRadius = 3; $0.shadowOffset = CGSize(width: 4, height: 4)
            }
            Art.box(p, CGRect(x: 0, y: 0, width: 26, height: 26), Art.red) { $0.cornerRadius = 13 }
            Art.box(p, CGRect(x: 30, y: 16, width: 30, height: 30), Art.blue)
            return r
        },
        GoldenCase(name: "shadow_rotated_offset_stays_down") {
            let r = Art.root()
            Art.box(r, CGRect(x: 28, y: 16, width: 40, height: 30), Art.yellow) {
                $0.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                $0.shadowOpacity = 0.8; $0.shadowRadius = 2; $0.shadowOffset = CGSize(width: 0, height: 8)
            }
            return r
        },
    ]
}

/// CATransition drawn halfway: the layer's old look and its new one.
enum TransitionCases {
    static func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> GoldenCase {
        GoldenCase(name: "transition_\(type.rawValue)" + (subtype.map { "_" + $0.rawValue } ?? ""), time: 0.5) {
            let r = Art.root()
            let l = Art.box(r, CGRect(x: 16, y: 12, width: 64, height: 48), Art.red) { $0.contents = nil; $0.borderWidth = 2; $0.borderColor = Art.black }
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let t = CATransition()
            t.type = type
            t.subtype = subtype
            t.duration = 1
            l.add(t, forKey: kCATransition)
            l.backgroundColor = Art.blue
            l.borderColor = Art.yellow
            CATransaction.commit()
            return r
        }
    }

    static let all: [GoldenCase] = [
        transition(.fade, nil), transition(.push, .fromLeft), transition(.push, .fromTop),
        transition(.moveIn, .fromRight), transition(.reveal, .fromBottom),
    ]
}
