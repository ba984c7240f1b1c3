import Foundation
@_spi(LaminaInternal) import QuartzCore
import Demos

/// 2D and 3D transforms, depth order, culling, CATransformLayer and the article 003 demos.
enum TransformCases {
    static let all: [GoldenCase] = [
        GoldenCase(name: "transform_rotate_z") {
            let r = Art.root()
            Art.box(r, CGRect(x: 28, y: 16, width: 40, height: 40), Art.blue) { $0.transform = CATransform3DMakeRotation(.pi / 5, 0, 0, 1) }
            return r
        },
        GoldenCase(name: "transform_scale_translate") {
            let r = Art.root()
            Art.box(r, CGRect(x: 28, y: 16, width: 40, height: 40), Art.green) {
                $0.transform = CATransform3DConcat(CATransform3DMakeScale(1.5, 0.5, 1), CATransform3DMakeTranslation(-10, 5, 0))
            }
            return r
        },
        GoldenCase(name: "anchor_point_rotation") {
            let r = Art.root()
            Art.box(r, CGRect(x: 30, y: 20, width: 40, height: 24), Art.color(0.8, 0.8, 0.8))
            Art.box(r, CGRect(x: 30, y: 20, width: 40, height: 24), Art.red) {
                $0.anchorPoint = CGPoint(x: 0, y: 0); $0.position = CGPoint(x: 30, y: 20)
                $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            }
            return r
        },
        GoldenCase(name: "sublayer_transform") {
            let r = Art.root()
            let p = Art.box(r, CGRect(x: 8, y: 8, width: 80, height: 56), Art.color(0.85, 0.85, 0.85)) {
                $0.sublayerTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            }
            Art.box(p, CGRect(x: 30, y: 18, width: 20, height: 20), Art.red)
            Art.box(p, CGRect(x: 0, y: 0, width: 12, height: 12), Art.blue)
            return r
        },
        GoldenCase(name: "perspective_rotate_y_image") {
            let r = Art.root()
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), nil) {
                $0.contents = Art.picture
                $0.transform = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), Art.perspective(120))
            }
            return r
        },
        GoldenCase(name: "perspective_rotate_x_sublayer") {
            let r = Art.root()
            r.sublayerTransform = Art.perspective(150)
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), nil) {
                $0.contents = Art.picture; $0.transform = CATransform3DMakeRotation(-.pi / 3, 1, 0, 0)
            }
            return r
        },
        GoldenCase(name: "perspective_near_plane_clipped") {
            let r = Art.root()
            r.sublayerTransform = Art.perspective(60)
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), nil) {
                $0.contents = Art.picture
                // Tilted so its near edge passes behind the eye (w <= 0): only the far part shows.
                $0.transform = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2.5, 1, 0, 0), CATransform3DMakeTranslation(0, 0, 30))
            }
            return r
        },
        GoldenCase(name: "double_sided_back_culled") {
            let r = Art.root()
            Art.box(r, CGRect(x: 6, y: 16, width: 40, height: 40), Art.red) {
                $0.transform = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0); $0.isDoubleSided = false
            }
            Art.box(r, CGRect(x: 50, y: 16, width: 40, height: 40), Art.blue) { $0.transform = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0) }
            return r
        },
        GoldenCase(name: "zposition_order") {
            let r = Art.root()
            Art.box(r, CGRect(x: 10, y: 10, width: 40, height: 40), Art.red) { $0.zPosition = 2 }
            Art.box(r, CGRect(x: 25, y: 20, width: 40, height: 40), Art.green) { $0.zPosition = 1 }
            Art.box(r, CGRect(x: 40, y: 30, width: 40, height: 36), Art.blue)
            return r
        },
        GoldenCase(name: "transform_layer_cube") {
            let r = Art.root()
            r.sublayerTransform = Art.perspective(200)
            let cube = CATransformLayer()
            cube.frame = CGRect(x: 28, y: 16, width: 40, height: 40)
            cube.transform = CATransform3DConcat(CATransform3DMakeRotation(.pi / 5, 0, 1, 0), CATransform3DMakeRotation(-.pi / 7, 1, 0, 0))
            let faces: [(CATransform3D, CGColor)] = [
                (CATransform3DMakeTranslation(0, 0, 20), Art.red),
                (CATransform3DConcat(CATransform3DMakeRotation(.pi, 0, 1, 0), CATransform3DMakeTranslation(0, 0, -20)), Art.green),
                (CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DMakeTranslation(20, 0, 0)), Art.blue),
                (CATransform3DConcat(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), CATransform3DMakeTranslation(-20, 0, 0)), Art.yellow),
                (CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), CATransform3DMakeTranslation(0, -20, 0)), Art.color(0.6, 0.3, 0.8)),
                (CATransform3DConcat(CATransform3DMakeRotation(-.pi / 2, 1, 0, 0), CATransform3DMakeTranslation(0, 20, 0)), Art.color(0.3, 0.8, 0.8)),
            ]
            for (t, c) in faces {
                let f = CALayer()
                f.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                f.position = CGPoint(x: 20, y: 20)
                f.backgroundColor = c
                f.transform = t
                f.borderWidth = 1; f.borderColor = Art.black
                cube.addSublayer(f)
            }
            r.addSublayer(cube)
            return r
        },
        GoldenCase(name: "anchor_point_z") {
            let r = Art.root()
            r.sublayerTransform = Art.perspective(200)
            Art.box(r, CGRect(x: 28, y: 16, width: 40, height: 40), Art.blue) {
                $0.anchorPointZ = 30; $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            }
            return r
        },
        GoldenCase(name: "folder_progress_035", size: CGSize(width: 160, height: 100)) {
            let d = FolderDemo(size: CGSize(width: 160, height: 100)); d.setProgress(0.35); return d.root
        },
        GoldenCase(name: "folder_progress_065", size: CGSize(width: 160, height: 100)) {
            let d = FolderDemo(size: CGSize(width: 160, height: 100)); d.setProgress(0.65); return d.root
        },
        GoldenCase(name: "accordion_progress_05", size: CGSize(width: 160, height: 100)) {
            let d = AccordionDemo(size: CGSize(width: 160, height: 100)); d.setProgress(0.5); return d.root
        },
        GoldenCase(name: "animation_position_midway", time: 0.5) {
            let r = Art.root()
            let l = Art.box(r, CGRect(x: 4, y: 26, width: 20, height: 20), Art.red)
            let a = CABasicAnimation(keyPath: "position")
            a.fromValue = NSValue(point: CGPoint(x: 14, y: 36)); a.toValue = NSValue(point: CGPoint(x: 82, y: 36))
            a.duration = 1; a.beginTime = 0.0001
            l.add(a, forKey: "move")
            return r
        },
    ]
}

/// Planes that cut through each other inside a CATransformLayer.
enum IntersectionCases {
    static let all: [GoldenCase] = [
        GoldenCase(name: "transform_layer_intersecting_planes") {
            let r = Art.root()
            r.sublayerTransform = Art.perspective(300)
            let t = CATransformLayer()
            t.frame = CGRect(x: 18, y: 11, width: 60, height: 50)
            t.transform = CATransform3DMakeRotation(-.pi / 7, 1, 0, 0)
            for (angle, color) in [(CGFloat.pi / 4, Art.red), (-CGFloat.pi / 4, Art.blue)] {
                let p = CALayer()
                p.bounds = CGRect(x: 0, y: 0, width: 60, height: 50)
                p.position = CGPoint(x: 30, y: 25)
                p.backgroundColor = color
                p.opacity = 1
                p.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
                t.addSublayer(p)
            }
            r.addSublayer(t)
            return r
        },
    ]
}
